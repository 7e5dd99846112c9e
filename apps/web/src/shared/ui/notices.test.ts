import { describe, expect, it, vi } from 'vitest';
import { connectNotices, type Notices, notices } from './notices.ts';

const holder = () => {
  const info = vi.fn();
  return { info, target: { message: { info }, notification: {} } as unknown as Notices };
};

describe('light notices', () => {
  it('go to the newest holder, and to the one before once it disconnects', () => {
    const page = holder();
    const console = holder();
    const disconnectPage = connectNotices(page.target);
    const disconnectConsole = connectNotices(console.target);
    notices.message.info('in the console');
    disconnectConsole();
    notices.message.info('back on the login page');
    disconnectPage();
    expect(console.info.mock.calls).toEqual([['in the console']]);
    expect(page.info.mock.calls).toEqual([['back on the login page']]);
  });

  it('go to a holder connected under the others only while none of them is there', () => {
    const console = holder();
    const outside = holder();
    const disconnectConsole = connectNotices(console.target);
    const disconnectOutside = connectNotices(outside.target, 'under');
    notices.message.info('in the console');
    disconnectConsole();
    notices.message.info('signed out');
    disconnectOutside();
    expect(console.info.mock.calls).toEqual([['in the console']]);
    expect(outside.info.mock.calls).toEqual([['signed out']]);
  });

  it('wait for a holder when none is connected', () => {
    const later = holder();
    notices.message.info('early');
    expect(later.info).not.toHaveBeenCalled();
    connectNotices(later.target)();
    expect(later.info.mock.calls).toEqual([['early']]);
  });
});
