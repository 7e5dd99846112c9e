import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_URL_LIFETIME_MS, saveBlob } from './download.ts';

describe('saveBlob', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('clicks a download link named for the file and keeps its URL readable while a busy browser starts it', () => {
    vi.useFakeTimers();
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:saved');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });

    const blob = new Blob(['a,b\n']);
    saveBlob(blob, 'questions.csv');

    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: 'blob:saved', download: 'questions.csv', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    // A loaded machine may take seconds to start the download; revoked at 1 s, it could be lost.
    vi.advanceTimersByTime(10_000);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SAVED_URL_LIFETIME_MS);
    expect(revoke).toHaveBeenCalledWith('blob:saved');
  });
});
