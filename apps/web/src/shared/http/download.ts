import { request } from './client.ts';

/** The file name from a Content-Disposition header, else the fallback. */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Downloads an API file with the session's Authorization header (a plain link could not send it): the
 * answer is read as a blob and saved through a temporary object URL. Errors reject with the server's message.
 */
export async function downloadFile(url: string, params: object | undefined, fallbackName: string) {
  // Error answers are envelopes: `request` rejects with their message.
  const { blob, disposition } = await request(url, { params, timeout: 60_000 }, async (response) => ({
    blob: await response.blob(),
    disposition: response.headers.get('content-disposition') ?? undefined,
  }));
  saveBlob(blob, fileNameOf(disposition, fallbackName));
}

/**
 * How long a saved file's object URL stays readable. The browser reads it after the click, on its own time: a
 * busy machine can take longer than a second, and a revoked URL loses the download without a word.
 */
export const SAVED_URL_LIFETIME_MS = 40_000;

/** Saves a file made in the page as a download named `name`. */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), SAVED_URL_LIFETIME_MS);
}
