import type { ModalProps } from 'antd';
import {
  createContext,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefObject,
  Suspense,
  useContext,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { LazyModal } from './LazyModal.ts';

/** Runs on Ok or Cancel: `true`, or a promise resolving to `true`, lets the dialog close; anything else keeps it. */
export type DialogHandler = () => unknown;

export interface DialogHandlers {
  onOk?: DialogHandler;
  onCancel?: DialogHandler;
}

export type DialogOutcome = 'ok' | 'cancel';

export interface DialogOptions
  extends Omit<ModalProps, 'open' | 'onOk' | 'onCancel' | 'confirmLoading' | 'afterClose' | 'children'> {
  /** Emitted once Ok has closed the dialog. */
  onOk?: () => void;
  /** Emitted once Cancel (button, close icon, Esc or mask) has closed the dialog. */
  onCancel?: () => void;
  /** Emitted after `onOk`/`onCancel`, whichever way the dialog closed. */
  onClose?: (outcome: DialogOutcome) => void;
}

export interface DialogApi {
  /**
   * docs/spec.md section 2, layout 7: opens a modal around `content`; the content may veto closing with
   * `useDialogHandlers`.
   */
  open: (content: ReactNode, options?: DialogOptions) => void;
}

const HandlersContext = createContext<RefObject<DialogHandlers> | null>(null);

/** Lets content opened by `useDialog` decide whether Ok and Cancel may close its dialog. */
export function useDialogHandlers(handlers: DialogHandlers): void {
  const ref = useContext(HandlersContext);
  if (!ref) throw new Error('useDialogHandlers only works inside content opened with useDialog');
  // A click runs the handlers of the latest render, so they see the content's current state.
  useLayoutEffect(() => {
    ref.current = handlers;
  });
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

interface FrameProps {
  content: ReactNode;
  options: DialogOptions;
  onRemoved: () => void;
}

function DialogFrame({ content, options, onRemoved }: FrameProps) {
  const { onOk, onCancel, onClose, okButtonProps, cancelButtonProps, ...modalProps } = options;
  const handlers = useRef<DialogHandlers>({});
  const [open, setOpen] = useState(true);
  const [pending, setPending] = useState<DialogOutcome | null>(null);

  const close = (outcome: DialogOutcome) => {
    setOpen(false);
    (outcome === 'ok' ? onOk : onCancel)?.();
    onClose?.(outcome);
  };

  const attempt = (outcome: DialogOutcome) => {
    // One decision at a time, and none once closing has begun.
    if (pending || !open) return;
    const handler = outcome === 'ok' ? handlers.current.onOk : handlers.current.onCancel;
    const verdict = handler ? handler() : true;
    if (!isThenable(verdict)) {
      if (verdict === true) close(outcome);
      return;
    }
    setPending(outcome);
    // A rejection is a veto: the content reports its own failure.
    Promise.resolve(verdict)
      .then(
        (value) => value === true,
        () => false,
      )
      .then((allowed) => {
        setPending(null);
        if (allowed) close(outcome);
      });
  };

  return (
    <LazyModal
      {...modalProps}
      open={open}
      confirmLoading={pending === 'ok'}
      okButtonProps={{ ...okButtonProps, disabled: pending === 'cancel' || okButtonProps?.disabled }}
      cancelButtonProps={{
        ...cancelButtonProps,
        loading: pending === 'cancel',
        disabled: pending === 'ok' || cancelButtonProps?.disabled,
      }}
      onOk={() => attempt('ok')}
      onCancel={() => attempt('cancel')}
      afterClose={onRemoved}
      destroyOnHidden
    >
      <HandlersContext value={handlers}>{content}</HandlersContext>
    </LazyModal>
  );
}

interface Entry {
  key: number;
  content: ReactNode;
  options: DialogOptions;
}

interface HolderHandle {
  add: (content: ReactNode, options: DialogOptions) => void;
}

let nextKey = 0;

/** Owns the open dialogs, so opening one re-renders only the holder, not the page that opened it. */
function DialogHolder({ ref }: { ref: Ref<HolderHandle> }) {
  const [entries, setEntries] = useState<Entry[]>([]);
  useImperativeHandle(
    ref,
    () => ({
      add: (content, options) => setEntries((list) => [...list, { key: nextKey++, content, options }]),
    }),
    [],
  );
  // A dialog whose code (the Modal's, or a lazy form's) is still downloading stays back until it can render: the
  // buttons never show before the handlers they run, and the page behind keeps showing.
  return entries.map(({ key, content, options }) => (
    <Suspense key={key} fallback={null}>
      <DialogFrame
        content={content}
        options={options}
        onRemoved={() => setEntries((list) => list.filter((entry) => entry.key !== key))}
      />
    </Suspense>
  ));
}

/**
 * The dialog helper. Render the returned holder where the dialogs should inherit context (antd's App theme
 * and locale, the router, queries) — like antd's `Modal.useModal`.
 */
export function useDialog(): readonly [DialogApi, ReactElement] {
  const holder = useRef<HolderHandle>(null);
  const api = useMemo<DialogApi>(
    () => ({
      open: (content, options = {}) => {
        if (!holder.current) throw new Error('Render the holder from useDialog before opening a dialog');
        holder.current.add(content, options);
      },
    }),
    [],
  );
  return [api, <DialogHolder key="dialog-holder" ref={holder} />] as const;
}
