import { STATUSES, type Status } from '@cool/shared';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface CategorySearch {
  name?: string;
  status?: Status;
}

interface CategorySearchFormProps {
  onSearch: (values: CategorySearch) => void;
}

export function CategorySearchForm({ onSearch }: CategorySearchFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CategorySearch>();
  return (
    <Form
      form={form}
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
              form.resetFields();
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
