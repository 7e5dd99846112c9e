import { STATUSES, type Status } from '@cool/shared';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchForm } from '../../../shared/list/useSearchForm.ts';

export interface CategorySearch {
  name?: string;
  status?: Status;
}

interface CategorySearchFormProps {
  /** The list's current filters (from the URL). */
  filters: CategorySearch;
  onSearch: (values: CategorySearch) => void;
}

export function CategorySearchForm({ filters, onSearch }: CategorySearchFormProps) {
  const { t } = useTranslation();
  const { form, initialValues, clear } = useSearchForm<CategorySearch>(filters);
  return (
    <Form
      form={form}
      initialValues={initialValues}
      layout="inline"
      onFinish={(values) => onSearch({ name: values.name?.trim() || undefined, status: values.status })}
      style={{ rowGap: 12 }}
    >
      <Form.Item name="name" label={t('categories.field.name')}>
        <Input allowClear placeholder={t('categories.search.namePlaceholder')} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="status" label={t('categories.field.status')}>
        <Select
          allowClear
          placeholder={t('categories.search.all')}
          style={{ width: 140 }}
          options={STATUSES.map((status) => ({ value: status, label: t(`categories.status.${status}`) }))}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('categories.search.submit')}
          </Button>
          <Button
            onClick={() => {
              clear();
              onSearch({});
            }}
          >
            {t('categories.search.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
