import { Button, Space, theme } from 'antd';
import {
  type CSSProperties,
  cloneElement,
  createContext,
  type ReactElement,
  type ReactNode,
  use,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

type Values = Record<string, unknown>;

/** Messages by field name: a field with one cannot be searched as it is. */
export type SearchMessages<T> = Partial<Record<keyof T & string, string>>;

/** Typed text is searched trimmed; an emptied field is no filter. */
const tidy = (values: Values) =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      const trimmed = typeof value === 'string' ? value.trim() : value;
      return [key, trimmed === '' || trimmed === null ? undefined : trimmed];
    }),
  );

interface SearchFormState {
  values: Values;
  /** The messages shown: a field's once the person changed it, every field's once a search was refused. */
  messages: Partial<Record<string, string>>;
  /** A control's id, unique per form: kept-alive pages keep several lists' forms mounted at once. */
  idOf: (name: string) => string;
  change: (name: string, value: unknown) => void;
  /** Only the fields on the form are searched: a filter without one (a link's `participantId`) is dropped. */
  register: (name: string) => () => void;
}

const SearchFormContext = createContext<SearchFormState | null>(null);

function useSearchForm() {
  const form = use(SearchFormContext);
  if (!form) throw new Error('A search field must be inside a ListSearchForm');
  return form;
}

interface ListSearchFormProps<T> {
  /** The list's filters from the URL (`useListState().filters`). */
  filters: T;
  /** Called with the tidied values, or with none on reset (`useListState().search`). */
  onSearch: (values: T) => void;
  /** Why the tidied values cannot be searched, by field (shown under its `SearchField`); nothing is searched while a message stands. */
  validate?: (values: T) => SearchMessages<T>;
  /** The filter fields: `SearchField`s and `SearchGroup`s. */
  children: ReactNode;
}

/**
 * A list's search form with Search and Reset, drawn as antd's inline form without its code (every list page has
 * one, the console's home among them; antd's Form and its validator are 20 KiB gzip). It shows the URL's filters
 * on mount and again whenever they change (a link, a search, a reset); typed but unsubmitted input stays as long
 * as they do not.
 */
export function ListSearchForm<T extends object>({
  filters,
  onSearch,
  validate,
  children,
}: ListSearchFormProps<T>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const formId = useId();
  const [values, setValues] = useState<Values>(filters as Values);
  // What Search sends, as the person left it: a choice just made may not have re-rendered the form yet.
  const latest = useRef(values);
  const [checked, setChecked] = useState<ReadonlySet<string> | 'all'>(new Set());
  const names = useRef(new Set<string>());
  const show = (next: object) => {
    latest.current = next as Values;
    setValues(latest.current);
    setChecked(new Set());
  };
  // Effects re-run each time a kept-alive page is shown again: only a real change of filters refills the form.
  const key = JSON.stringify(filters);
  const filled = useRef(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters' content is the trigger, not their identity
  useEffect(() => {
    if (filled.current === key) return;
    filled.current = key;
    show(filters);
  }, [key]);

  const [register] = useState(() => (name: string) => {
    names.current.add(name);
    return () => {
      names.current.delete(name);
    };
  });
  const searched = (from: Values) =>
    tidy(Object.fromEntries([...names.current].map((name) => [name, from[name]]))) as T;
  const refusals = (from: Values): Partial<Record<string, string>> => validate?.(searched(from)) ?? {};
  const messages = Object.fromEntries(
    Object.entries(refusals(values)).filter(
      ([name, message]) => message && (checked === 'all' || checked.has(name)),
    ),
  );
  const form: SearchFormState = {
    values,
    messages,
    idOf: (name) => `${formId}${name}`,
    change: (name, value) => {
      latest.current = { ...latest.current, [name]: value };
      setValues(latest.current);
      setChecked((current) => (current === 'all' ? current : new Set(current).add(name)));
    },
    register,
  };

  // A real form: Enter in a field submits it, as Search does.
  return (
    // biome-ignore lint/a11y/useSemanticElements: the landmark `<search>` gives, which happy-dom (the tests) and browsers before 2023 do not know
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (Object.values(refusals(latest.current)).some(Boolean)) setChecked('all');
        else onSearch(searched(latest.current));
      }}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        // antd's inline form: each item's margin at its end, and the rows as apart as this console wants them.
        columnGap: token.margin,
        rowGap: 12,
        color: token.colorText,
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
      }}
    >
      <SearchFormContext value={form}>{children}</SearchFormContext>
      <Space>
        <Button type="primary" htmlType="submit">
          {t('ui.search.submit')}
        </Button>
        <Button
          onClick={() => {
            show({});
            onSearch({} as T);
          }}
        >
          {t('ui.search.reset')}
        </Button>
      </Space>
    </form>
  );
}

/** What a field gives its control; antd's Input, Select, InputNumber and pickers all take these. */
interface ControlProps {
  id?: string;
  value?: unknown;
  onChange?: (...args: never[]) => void;
  status?: 'error';
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** antd's Input calls onChange with an event, its Select, InputNumber and pickers with the value itself. */
const valueOfChange = (change: unknown) => {
  const target = (change as { target?: unknown } | null)?.target;
  return target && typeof target === 'object' && 'value' in target ? target.value : change;
};

const messageIdOf = (controlId: string) => `${controlId}-message`;

/**
 * Binds one antd control to the field `name`: its id, value and changes, and the error look while the field has
 * a message. On its own inside a `SearchGroup`; a `SearchField` labels one.
 */
export function SearchControl({ name, children }: { name: string; children: ReactElement<ControlProps> }) {
  const { values, messages, idOf, change, register } = useSearchForm();
  useLayoutEffect(() => register(name), [register, name]);
  const id = idOf(name);
  const own = children.props.onChange as ((...args: unknown[]) => void) | undefined;
  return cloneElement(children, {
    id,
    value: values[name],
    onChange: (...args: never[]) => {
      change(name, valueOfChange(args[0]));
      own?.(...args);
    },
    ...(messages[name] && { status: 'error', 'aria-invalid': true, 'aria-describedby': messageIdOf(id) }),
  });
}

/**
 * One item of the row, as antd's inline form draws it: the label, its colon, then the control with its message
 * under it. The label names the control `labelFor`, or else the item, a group of controls.
 */
function SearchItem({
  label,
  labelFor,
  message,
  children,
}: {
  label: ReactNode;
  labelFor?: string;
  message?: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const groupLabelId = useId();
  const line: CSSProperties = { display: 'flex', alignItems: 'center', minHeight: token.controlHeight };
  return (
    <div
      {...(!labelFor && { role: 'group', 'aria-labelledby': groupLabelId })}
      // On a phone's narrow row the control gives up width rather than reach past the panel's edge.
      style={{ display: 'flex', alignItems: 'flex-start', maxWidth: '100%' }}
    >
      <div style={{ ...line, flex: 'none', color: token.colorTextHeading, whiteSpace: 'nowrap' }}>
        {labelFor ? <label htmlFor={labelFor}>{label}</label> : <span id={groupLabelId}>{label}</span>}
        {/* Outside the label: the control's name is the label alone. */}
        <span aria-hidden style={{ marginInline: `${token.marginXXS / 2}px ${token.marginXS}px` }}>
          :
        </span>
      </div>
      <div style={{ minWidth: 0 }}>
        <div style={line}>{children}</div>
        {labelFor && message && (
          <div id={messageIdOf(labelFor)} role="alert" style={{ color: token.colorError }}>
            {message}
          </div>
        )}
      </div>
    </div>
  );
}

/** A labelled filter: `label` names the one control inside, which becomes the field `name`. */
export function SearchField({
  name,
  label,
  children,
}: {
  name: string;
  label: ReactNode;
  children: ReactElement<ControlProps>;
}) {
  const { messages, idOf } = useSearchForm();
  return (
    <SearchItem label={label} labelFor={idOf(name)} message={messages[name]}>
      <SearchControl name={name}>{children}</SearchControl>
    </SearchItem>
  );
}

/** Several controls under one label (a range's two ends), each a `SearchControl` named by its own aria-label. */
export function SearchGroup({ label, children }: { label: ReactNode; children: ReactNode }) {
  return <SearchItem label={label}>{children}</SearchItem>;
}
