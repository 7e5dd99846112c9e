import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts, notifications and confirm dialogs for every screen, with their code downloaded on first use: antd's
 * `<App>` and `App.useApp()` would bring message, notification and modal into the download of the login page
 * and of the console's first page, which show none of them. Calls wait until a holder connects (NoticeHolder,
 * loaded the first time one waits).
 */
export interface Notices {
  message: Pick<MessageInstance, 'info' | 'success' | 'error' | 'warning' | 'loading' | 'destroy'>;
  notification: Pick<NotificationInstance, 'info' | 'success' | 'error' | 'warning'>;
  modal: Pick<ModalHookApi, 'confirm' | 'info' | 'success' | 'error' | 'warning'>;
}

type MessageCall = (...args: Parameters<MessageInstance['info']>) => void;
type NotificationCall = NotificationInstance['info'];
/** Resolves with whether the dialog was confirmed (Ok: true), as antd's modal instance does when awaited. */
type ModalCall = (config: ModalFuncProps) => PromiseLike<boolean>;

/** What callers get: the same calls, answering once a holder has shown them. */
export interface LightNotices {
  message: Record<Exclude<keyof Notices['message'], 'destroy'>, MessageCall> & {
    /** Removes the message opened with `key` at once. */
    destroy: (key: string) => void;
  };
  notification: Record<keyof Notices['notification'], NotificationCall>;
  modal: Record<keyof Notices['modal'], ModalCall>;
}

type Call = (target: Notices) => void;

/** The connected holder. */
let target: Notices | null = null;
const waiting: Call[] = [];
const wantListeners = new Set<() => void>();

function run(call: Call) {
  if (target) call(target);
  else {
    waiting.push(call);
    for (const listener of wantListeners) listener();
  }
}

/** Routes the notices to `next` (antd's message, notification and modal hooks) until the returned function runs. */
export function connectNotices(next: Notices): () => void {
  target = next;
  for (const call of waiting.splice(0)) call(next);
  return () => {
    if (target === next) target = null;
  };
}

/** Calls `listener` when a notice waits for a holder; returns the unsubscribe. */
export function onNoticeWaiting(listener: () => void): () => void {
  wantListeners.add(listener);
  if (waiting.length > 0) listener();
  return () => wantListeners.delete(listener);
}

const message =
  (kind: Exclude<keyof Notices['message'], 'destroy'>): MessageCall =>
  (...args) =>
    run((n) => n.message[kind](...args));

const notification =
  (kind: keyof Notices['notification']): NotificationCall =>
  (config) =>
    run((n) => n.notification[kind](config));

/**
 * Opens the dialog once a holder is there. antd's instance is a thenable that changes how the dialog treats a
 * failing onOk once awaited (it stops rethrowing), so it is awaited only when the caller awaits this one.
 */
const modal =
  (kind: keyof Notices['modal']): ModalCall =>
  (config) => {
    // Boxed: resolving with the thenable itself would await it.
    const opened = new Promise<{ instance: ReturnType<ModalHookApi['confirm']> }>((resolve) =>
      run((n) => resolve({ instance: n.modal[kind](config) })),
    );
    const confirmed = () =>
      opened.then(
        ({ instance }) => new Promise<boolean>((resolve) => instance.then(resolve, () => undefined)),
      );
    // biome-ignore lint/suspicious/noThenProperty: awaiting it is what asks for the outcome
    return { then: (onOk, onFail) => confirmed().then(onOk, onFail) };
  };

export const notices: LightNotices = {
  message: {
    info: message('info'),
    success: message('success'),
    error: message('error'),
    warning: message('warning'),
    loading: message('loading'),
    destroy: (key) => run((n) => n.message.destroy(key)),
  },
  notification: {
    info: notification('info'),
    success: notification('success'),
    error: notification('error'),
    warning: notification('warning'),
  },
  modal: {
    confirm: modal('confirm'),
    info: modal('info'),
    success: modal('success'),
    error: modal('error'),
    warning: modal('warning'),
  },
};

/** The notices, in the shape of antd's `App.useApp()`. */
export const useNotices = (): LightNotices => notices;
