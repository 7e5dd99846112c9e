import { ApiError, http } from '../../shared/http/client.ts';

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
  const response = await http.get<Blob>(url, {
    params,
    responseType: 'blob',
    timeout: 60_000,
    // Error answers arrive as blobs too: read their envelope here to keep the server's message.
    validateStatus: () => true,
  });
  if (response.status >= 400) {
    const text = await response.data.text();
    let body: { message?: string; result?: unknown } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // Not an envelope: the status says enough.
    }
    throw new ApiError(response.status, body.message || `HTTP ${response.status}`, body.result ?? null);
  }
  const name = fileNameOf(response.headers['content-disposition'] as string | undefined, fallbackName);
  const href = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
