import { Button, Form, Space } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Typed text is searched trimmed; an emptied field is no filter. */
const tidy = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      const trimmed = typeof value === 'string' ? value.trim() : value;
      return [key, trimmed === '' || trimmed === null ? undefined : trimmed];
    }),
  );

interface ListSearchFormProps<T> {
  /** The list's filters from the URL (`useListState().filters`). */
  filters: T;
  /** Called with the tidied values, or with none on reset (`useListState().search`). */
  onSearch: (values: T) => void;
  /** The filter fields, as Form.Items. */
  children: ReactNode;
}

/**
 * A list's search form with Search and Reset. It shows the URL's filters on mount and again whenever they change
 * (a link, a search, a reset); typed but unsubmitted input stays as long as they do not.
 */
export function ListSearchForm<T extends object>({ filters, onSearch, children }: ListSearchFormProps<T>) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const show = (values: object) => {
    const cleared = Object.fromEntries(Object.keys(form.getFieldsValue()).map((key) => [key, undefined]));
    form.setFieldsValue({ ...cleared, ...values });
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

  return (
    <Form
      form={form}
      initialValues={filters}
      layout="inline"
      onFinish={(values) => onSearch(tidy(values) as T)}
      style={{ rowGap: 12 }}
    >
      {children}
      <Form.Item>
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
      </Form.Item>
    </Form>
  );
}
