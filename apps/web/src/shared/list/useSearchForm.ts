import { Form } from 'antd';
import { useEffect } from 'react';

/**
 * A search form showing a list's filters from the URL: filled from them on mount and again whenever they change
 * (a link, a search, a reset), while typed but unsubmitted input stays as long as they do not. Returns the form,
 * its `initialValues`, and `clear` for its reset button (which then searches with no filters).
 */
export function useSearchForm<T extends object>(filters: Partial<T>) {
  const [form] = Form.useForm<T>();
  const clear = () => {
    const empty = Object.fromEntries(Object.keys(form.getFieldsValue()).map((key) => [key, undefined]));
    form.setFieldsValue(empty as Partial<T>);
  };
  const shown = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters' content is the trigger, not their identity
  useEffect(() => {
    clear();
    form.setFieldsValue(filters);
  }, [shown]);
  return { form, initialValues: filters, clear };
}
