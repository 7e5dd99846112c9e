import { Form, Input } from 'antd';
import i18n from 'i18next';
import { Activity, act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ListSearchForm } from './ListSearchForm.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
const onSearch = vi.fn();

function render(filters: { name?: string }, mode: 'visible' | 'hidden' = 'visible') {
  act(() =>
    root?.render(
      <Activity mode={mode}>
        <ListSearchForm filters={filters} onSearch={onSearch}>
          <Form.Item name="name">
            <Input aria-label="name" />
          </Form.Item>
        </ListSearchForm>
      </Activity>,
    ),
  );
}

const input = () => document.querySelector<HTMLInputElement>('input[aria-label="name"]')!;
function type(value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setValue.call(input(), value);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const button = (name: string) =>
  [...document.querySelectorAll('button')].find(
    (element) => element.textContent?.replace(/\s/g, '') === name,
  )!;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: {} });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  onSearch.mockReset();
});

describe('ListSearchForm', () => {
  it("shows the URL's filters, and follows them when they change", () => {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    render({ name: 'Mood' });
    expect(input().value).toBe('Mood');
    render({});
    expect(input().value).toBe('');
  });

  it('keeps typed input while its kept-alive page is hidden and shown again', () => {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    render({});
    type('typed');
    render({}, 'hidden');
    render({}, 'visible');
    expect(input().value).toBe('typed');
  });

  it('searches with trimmed values, and reset clears the form and searches with none', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    render({});
    type('  Sleep ');
    await act(async () => button('ui.search.submit').click());
    await vi.waitFor(() => expect(onSearch).toHaveBeenLastCalledWith({ name: 'Sleep' }));
    act(() => button('ui.search.reset').click());
    expect(onSearch).toHaveBeenLastCalledWith({});
    expect(input().value).toBe('');
  });
});
