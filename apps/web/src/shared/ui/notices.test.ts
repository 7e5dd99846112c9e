import { describe, expect, it, vi } from 'vitest';
import { connectNotices, type Notices, notices, onNoticeWaiting } from './notices.ts';

/** A holder whose modal answers `confirmed` once its outcome is asked for. */
const holder = (confirmed = true) => {
  const info = vi.fn();
  const awaited = vi.fn();
  const confirm = vi.fn(() => ({
    destroy: () => undefined,
    update: () => undefined,
    // biome-ignore lint/suspicious/noThenProperty: antd's modal instance is a thenable
    then: (resolve: (confirmed: boolean) => unknown) => {
      awaited();
      return Promise.resolve(confirmed).then(resolve);
    },
  }));
  const target = { message: { info }, notification: {}, modal: { confirm } } as unknown as Notices;
  return { info, confirm, awaited, target };
};

describe('notices', () => {
  it('wait for a holder, asking for one, and show once it connects', () => {
    const wanted = vi.fn();
    const stop = onNoticeWaiting(wanted);
    const later = holder();
    notices.message.info('early');
    expect(wanted).toHaveBeenCalled();
    expect(later.info).not.toHaveBeenCalled();
    connectNotices(later.target)();
    stop();
    expect(later.info.mock.calls).toEqual([['early']]);
  });

  it('go to the connected holder, and wait again once it disconnects', () => {
    const first = holder();
    const second = holder();
    const disconnect = connectNotices(first.target);
    notices.message.info('shown');
    disconnect();
    notices.message.info('after');
    expect(first.info.mock.calls).toEqual([['shown']]);
    connectNotices(second.target)();
    expect(second.info.mock.calls).toEqual([['after']]);
  });

  it("open a confirm dialog and tell its outcome when awaited, as antd's modal does", async () => {
    const refused = holder(false);
    const disconnect = connectNotices(refused.target);
    await expect(notices.modal.confirm({ title: 'Sure?' })).resolves.toBe(false);
    expect(refused.confirm).toHaveBeenCalledWith({ title: 'Sure?' });
    disconnect();
  });

  it("leave antd's dialog alone when the outcome is not asked for (it stops rethrowing onOk's failure once awaited)", async () => {
    const page = holder();
    const disconnect = connectNotices(page.target);
    notices.modal.confirm({ title: 'Sure?' });
    await Promise.resolve();
    expect(page.confirm).toHaveBeenCalled();
    expect(page.awaited).not.toHaveBeenCalled();
    disconnect();
  });
});
