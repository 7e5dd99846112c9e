import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/locale/zh_CN';
import { act, lazy, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type DialogApi,
  type DialogHandlers,
  type DialogOptions,
  useDialog,
  useDialogHandlers,
} from './dialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let dialog: DialogApi | null = null;

function Page() {
  const [api, holder] = useDialog();
  dialog = api;
  return (
    <>
      <p>the page</p>
      {holder}
    </>
  );
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  dialog = null;
  document.body.innerHTML = '';
});

/** Renders a page holding the dialog helper inside antd's ConfigProvider, the way the console does. */
function mount(locale?: Locale): DialogApi {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root?.render(
      // No motion: a closed dialog leaves the DOM at once instead of after an animation.
      <ConfigProvider locale={locale} theme={{ token: { motion: false } }}>
        {/* As a console page sits in its route's boundary. */}
        <Suspense fallback={<p>page loading</p>}>
          <Page />
        </Suspense>
      </ConfigProvider>,
    ),
  );
  if (!dialog) throw new Error('not mounted');
  return dialog;
}

function Content({ handlers }: { handlers: DialogHandlers }) {
  useDialogHandlers(handlers);
  return <p>dialog body</p>;
}

/** Opens a dialog around content with these handlers; the events it emits are recorded in order. */
function open(handlers: DialogHandlers, locale?: Locale) {
  const order: string[] = [];
  const events = {
    onOk: vi.fn(() => order.push('ok')),
    onCancel: vi.fn(() => order.push('cancel')),
    onClose: vi.fn(() => order.push('close')),
  } satisfies DialogOptions;
  const api = mount(locale);
  act(() => api.open(<Content handlers={handlers} />, { title: 'Edit', ...events }));
  return { ...events, order };
}

const isOpen = () =>
  document.body.querySelector('[role="dialog"]')?.textContent?.includes('dialog body') ?? false;

function button(label: string): HTMLButtonElement {
  const found = [...document.body.querySelectorAll('button')].find(
    (candidate) => candidate.textContent?.replace(/\s/g, '') === label,
  );
  if (!found) throw new Error(`no button ${label}`);
  return found;
}

const click = (label: string) => act(() => button(label).click());

function deferred() {
  let resolve: (value: unknown) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets antd's Modal finish downloading and the dialogs waiting for it render. */
const modalLoaded = () =>
  act(async () => {
    await import('./modal.ts');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe('the first dialog', () => {
  it("waits for antd's Modal to download, the page still shown, then opens", async () => {
    open({});
    expect(document.body.querySelector('[role="dialog"]')).toBeNull();
    expect(document.body.textContent).toContain('the page');
    expect(document.body.textContent).not.toContain('page loading');
    await modalLoaded();
    expect(isOpen()).toBe(true);
  });
});

describe('useDialog', () => {
  // Once the Modal's code is there, dialogs open at once.
  beforeAll(async () => {
    open({});
    await modalLoaded();
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  });

  it('opens the content in a modal titled as asked', () => {
    open({});
    expect(isOpen()).toBe(true);
    expect(document.body.querySelector('[role="dialog"]')?.textContent).toContain('Edit');
  });

  it('keeps a dialog back until its lazy content can render with its handlers, the page still shown', async () => {
    let loaded: (module: { default: typeof Content }) => void = () => undefined;
    const LazyContent = lazy(() => new Promise<{ default: typeof Content }>((resolve) => (loaded = resolve)));
    const onOk = vi.fn(() => false);
    const api = mount();
    act(() => api.open(<LazyContent handlers={{ onOk }} />, { title: 'Edit' }));
    expect(document.body.querySelector('[role="dialog"]')).toBeNull();
    expect(document.body.textContent).toContain('the page');
    expect(document.body.textContent).not.toContain('page loading');
    await act(async () => loaded({ default: Content }));
    expect(isOpen()).toBe(true);
    act(() => button('OK').click());
    // The content's own handler decided: it vetoed, so the dialog stays.
    expect(onOk).toHaveBeenCalledTimes(1);
    expect(isOpen()).toBe(true);
  });

  it('keeps the dialog open when the Ok handler returns false, closes it once it returns true', () => {
    let allow = false;
    const events = open({ onOk: () => allow });
    click('OK');
    expect(isOpen()).toBe(true);
    expect(events.onOk).not.toHaveBeenCalled();
    expect(events.onClose).not.toHaveBeenCalled();

    allow = true;
    click('OK');
    expect(isOpen()).toBe(false);
    expect(events.onOk).toHaveBeenCalledOnce();
    expect(events.onClose).toHaveBeenCalledWith('ok');
    expect(events.onCancel).not.toHaveBeenCalled();
  });

  it('treats any answer other than true as a veto', () => {
    const events = open({ onOk: () => 'yes', onCancel: () => undefined });
    click('OK');
    click('Cancel');
    expect(isOpen()).toBe(true);
    expect(events.onClose).not.toHaveBeenCalled();
  });

  it('shows the Ok button loading while the promise is pending and stays open when it resolves to false', async () => {
    const answer = deferred();
    const events = open({ onOk: () => answer.promise });
    click('OK');
    expect(button('OK').className).toContain('ant-btn-loading');
    expect(button('Cancel').disabled).toBe(true);

    await act(async () => answer.resolve(false));
    expect(isOpen()).toBe(true);
    expect(button('OK').className).not.toContain('ant-btn-loading');
    expect(events.onClose).not.toHaveBeenCalled();
  });

  it('stays open when the promise rejects', async () => {
    const answer = deferred();
    const events = open({ onOk: () => answer.promise });
    click('OK');
    await act(async () => answer.reject(new Error('save failed')));
    expect(isOpen()).toBe(true);
    expect(button('OK').className).not.toContain('ant-btn-loading');
    expect(events.onOk).not.toHaveBeenCalled();
  });

  it('closes once the promise resolves to true, and emits ok then close', async () => {
    const answer = deferred();
    const events = open({ onOk: () => answer.promise });
    click('OK');
    expect(isOpen()).toBe(true);
    await act(async () => answer.resolve(true));
    expect(isOpen()).toBe(false);
    expect(events.onOk).toHaveBeenCalledOnce();
    expect(events.onClose).toHaveBeenCalledWith('ok');
    expect(events.order).toEqual(['ok', 'close']);
  });

  it('lets the Cancel handler veto and allow, then emits cancel and close', async () => {
    let allow: unknown = false;
    const events = open({ onCancel: () => allow });
    click('Cancel');
    expect(isOpen()).toBe(true);

    allow = Promise.resolve(true);
    click('Cancel');
    await act(async () => {});
    expect(isOpen()).toBe(false);
    expect(events.onCancel).toHaveBeenCalledOnce();
    expect(events.onClose).toHaveBeenCalledWith('cancel');
    expect(events.order).toEqual(['cancel', 'close']);
  });

  it('asks the Cancel handler when the close icon is used', () => {
    const onCancel = vi.fn(() => false);
    open({ onCancel });
    act(() => document.body.querySelector<HTMLButtonElement>('.ant-modal-close')?.click());
    expect(onCancel).toHaveBeenCalledOnce();
    expect(isOpen()).toBe(true);
  });

  it('closes content without handlers on either button', () => {
    const events = open({});
    click('OK');
    expect(isOpen()).toBe(false);
    expect(events.onClose).toHaveBeenCalledWith('ok');
  });

  it("inherits the App's locale: buttons read in Chinese", () => {
    open({}, zhCN);
    expect(button('确定')).toBeTruthy();
    expect(button('取消')).toBeTruthy();
  });
});
