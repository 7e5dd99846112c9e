import { Input, InputNumber } from 'antd';
import i18n from 'i18next';
import { Activity, act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { click, fill, screen } from '../../test/dom.ts';
import {
  ListSearchForm,
  SearchControl,
  SearchField,
  SearchGroup,
  type SearchMessages,
} from './ListSearchForm.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Filters {
  name?: string;
  note?: string;
  kind?: string | null;
  participantId?: number;
}

const onSearch = vi.fn();
const unmounts: (() => void)[] = [];

/** A control that, like antd's Select or pickers, calls onChange with its value rather than an event. */
function Choice({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  return (
    <span>
      <output id={id}>{String(value ?? '')}</output>
      <button type="button" onClick={() => onChange?.('mood')}>
        choose
      </button>
      <button type="button" onClick={() => onChange?.(null)}>
        clear
      </button>
    </span>
  );
}

function Form({
  filters,
  validate,
}: {
  filters: Filters;
  validate?: (values: Filters) => SearchMessages<Filters>;
}) {
  return (
    <ListSearchForm filters={filters} onSearch={onSearch} validate={validate}>
      <SearchField name="name" label="Name">
        <Input />
      </SearchField>
      <SearchField name="note" label="Note">
        <Input />
      </SearchField>
      <SearchField name="kind" label="Kind">
        <Choice />
      </SearchField>
    </ListSearchForm>
  );
}

/** Renders `page` into a root of its own; render again with `rerender`. */
function render(page: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(page));
  unmounts.push(() => act(() => root.unmount()));
  return { container, rerender: (next: ReactNode) => act(() => root.render(next)) };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => act(() => fill(field(label), value));
const press = (name: string) => act(() => click(screen.getByRole('button', { name })));
const lastSearch = () => onSearch.mock.lastCall?.[0];

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: {} });
});

afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  document.body.innerHTML = '';
  onSearch.mockReset();
});

describe('ListSearchForm', () => {
  it("shows the URL's filters, and refills only when they change", () => {
    const { rerender } = render(<Form filters={{ name: 'Mood' }} />);
    expect(field('Name').value).toBe('Mood');
    type('Note', 'typed');
    // The same filters in a new object (each render of a list page makes one): the typed note stays.
    rerender(<Form filters={{ name: 'Mood' }} />);
    expect(field('Note').value).toBe('typed');
    // A link or a search changed them: the form shows them alone.
    rerender(<Form filters={{ note: 'linked' }} />);
    expect(field('Name').value).toBe('');
    expect(field('Note').value).toBe('linked');
  });

  it('keeps typed input while its kept-alive page is hidden and shown again', () => {
    const page = (mode: 'visible' | 'hidden') => (
      <Activity mode={mode}>
        <Form filters={{}} />
      </Activity>
    );
    const { rerender } = render(page('visible'));
    type('Name', 'typed');
    rerender(page('hidden'));
    rerender(page('visible'));
    expect(field('Name').value).toBe('typed');
  });

  it("searches the fields' values trimmed, emptied ones as none, and drops filters without a field", () => {
    render(<Form filters={{ note: 'old', participantId: 7 }} />);
    type('Name', '  Sleep ');
    type('Note', '   ');
    press('choose');
    expect(document.querySelector('output')?.textContent).toBe('mood');
    press('ui.search.submit');
    expect(lastSearch()).toStrictEqual({ name: 'Sleep', note: undefined, kind: 'mood' });
    // A control's null (a cleared Select or picker) is no filter either.
    press('clear');
    press('ui.search.submit');
    expect(lastSearch()).toStrictEqual({ name: 'Sleep', note: undefined, kind: undefined });
  });

  it('resets every field and searches with no filters', () => {
    render(<Form filters={{ name: 'Mood', note: 'old' }} />);
    type('Name', 'typed');
    press('ui.search.reset');
    expect(lastSearch()).toStrictEqual({});
    expect(field('Name').value).toBe('');
    expect(field('Note').value).toBe('');
  });

  it('searches on Enter in a text field: the fields are in a form whose default button is Search', () => {
    render(<Form filters={{}} />);
    type('Name', 'Sleep');
    const form = field('Name').form!;
    expect(form.getAttribute('role')).toBe('search');
    // What a browser does on Enter in a text field: it submits the form by its first submit button.
    expect(form.querySelector('button[type="submit"]')).toBe(
      screen.getByRole('button', { name: 'ui.search.submit' }),
    );
    act(() => form.requestSubmit());
    expect(lastSearch()).toMatchObject({ name: 'Sleep' });
  });

  it("shows a field's message once it is changed or searched, and searches nothing while one stands", () => {
    // The audit log's rule: an entity id needs its type.
    const validate = ({ name, kind }: Filters) => (name && !kind ? { name: 'Required' } : {});
    render(<Form filters={{}} validate={validate} />);
    expect(screen.queryByRole('alert')).toBeNull();
    type('Name', '42');
    expect(screen.getByRole('alert').textContent).toBe('Required');
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Name').getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(
      field('Name').closest('.ant-input-status-error, .ant-input-affix-wrapper-status-error'),
    ).toBeTruthy();
    press('ui.search.submit');
    expect(onSearch).not.toHaveBeenCalled();
    // Checked again when the other field changes.
    press('choose');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field('Name').hasAttribute('aria-invalid')).toBe(false);
    press('ui.search.submit');
    expect(lastSearch()).toMatchObject({ name: '42', kind: 'mood' });
    press('clear');
    expect(screen.getByRole('alert').textContent).toBe('Required');
  });

  it('shows the messages of untouched fields when a search is refused', () => {
    render(
      <Form
        filters={{ name: '42' }}
        validate={({ name, kind }) => (name && !kind ? { name: 'Required' } : {})}
      />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    press('ui.search.submit');
    expect(screen.getByRole('alert').textContent).toBe('Required');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('labels a pair of controls as one group and searches each by its name', () => {
    render(
      <ListSearchForm<{ min?: number; max?: number }> filters={{ min: 1 }} onSearch={onSearch}>
        <SearchGroup label="Amount">
          <SearchControl name="min">
            <InputNumber aria-label="From" />
          </SearchControl>
          <SearchControl name="max">
            <InputNumber aria-label="To" />
          </SearchControl>
        </SearchGroup>
      </ListSearchForm>,
    );
    const group = screen.getByRole('group');
    expect(document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent).toBe('Amount');
    expect(group.contains(field('From'))).toBe(true);
    expect(field('From').value).toBe('1');
    type('To', '19.9');
    press('ui.search.submit');
    expect(lastSearch()).toStrictEqual({ min: 1, max: 19.9 });
  });

  it('gives each form its own ids: kept-alive pages keep two lists on screen', () => {
    const { container: first } = render(<Form filters={{ name: 'first' }} />);
    const { container: second } = render(<Form filters={{ name: 'second' }} />);
    const nameIn = (container: HTMLElement) => container.querySelector('input')!;
    expect(nameIn(first).id).not.toBe(nameIn(second).id);
    for (const container of [first, second]) {
      const label = container.querySelector('label')!;
      expect(document.getElementById(label.htmlFor)).toBe(nameIn(container));
    }
  });
});
