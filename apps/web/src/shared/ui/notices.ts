import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts and notifications for code that must stay light (the login page, the user layout, the session guard):
 * antd's `App.useApp()` would bring message, notification and modal into the login page's download. Calls
 * wait until a holder connects: the console's `<App>` while it is shown, else one loaded on first use.
 */
export interface Notices {
  message: Pick<MessageInstance, 'info' | 'success' | 'error' | 'warning'>;
  notification: Pick<NotificationInstance, 'info' | 'success' | 'error' | 'warning'>;
}

type Call = (target: Notices) => void;

/** Connected holders; the last shows the notices, and when it goes the one before takes over. */
const targets: Notices[] = [];
const waiting: Call[] = [];
const wantListeners = new Set<() => void>();

function run(call: Call) {
  const target = targets.at(-1);
  if (target) call(target);
  else {
    waiting.push(call);
    for (const listener of wantListeners) listener();
  }
}

/**
 * Routes the notices to `next` (antd's message and notification instances) until the returned function runs.
 * A holder connected `under` the others (the one outside the console) takes them only while no other is there.
 */
export function connectNotices(next: Notices, place: 'top' | 'under' = 'top'): () => void {
  if (place === 'top') targets.push(next);
  else targets.unshift(next);
  for (const call of waiting.splice(0)) call(next);
  return () => {
    const at = targets.lastIndexOf(next);
    if (at >= 0) targets.splice(at, 1);
  };
}

/** Calls `listener` when a notice waits for a holder; returns the unsubscribe. */
export function onNoticeWaiting(listener: () => void): () => void {
  wantListeners.add(listener);
  if (waiting.length > 0) listener();
  return () => wantListeners.delete(listener);
}

export const notices: Notices = {
  message: {
    info: (...args) => run((n) => n.message.info(...args)),
    success: (...args) => run((n) => n.message.success(...args)),
    error: (...args) => run((n) => n.message.error(...args)),
    warning: (...args) => run((n) => n.message.warning(...args)),
  } as Notices['message'],
  notification: {
    info: (config) => run((n) => n.notification.info(config)),
    success: (config) => run((n) => n.notification.success(config)),
    error: (config) => run((n) => n.notification.error(config)),
    warning: (config) => run((n) => n.notification.warning(config)),
  },
};

/** The notices, in the shape of antd's `App.useApp()` so a screen can switch with one line. */
export const useNotices = (): Notices => notices;
