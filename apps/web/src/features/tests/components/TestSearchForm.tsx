import { TEST_STATUSES, type TestStatus } from '@cool/shared';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchForm } from '../../../shared/list/useSearchForm.ts';
import { useCategoryOptions } from '../api.ts';

export interface TestSearch {
  title?: string;
  categoryId?: number;
  status?: TestStatus;
  pricing?: 'free' | 'paid';
}

interface TestSearchFormProps {
  /** The list's current filters (from the URL). */
  filters: TestSearch;
  onSearch: (values: TestSearch) => void;
}

export function TestSearchForm({ filters, onSearch }: TestSearchFormProps) {
  const { t, i18n } = useTranslation();
  const { form, initialValues, clear } = useSearchForm<TestSearch>(filters);
  const categories = useCategoryOptions();
  const zh = i18n.language === 'zh-CN';
  return (
    <Form
      form={form}
      initialValues={initialValues}
      layout="inline"
      onFinish={(values) => onSearch({ ...values, title: values.title?.trim() || undefined })}
      style={{ rowGap: 12 }}
    >
      <Form.Item name="title" label={t('tests.field.title')}>
        <Input allowClear placeholder={t('tests.search.titlePlaceholder')} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="categoryId" label={t('tests.field.categories')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('tests.search.all')}
          style={{ width: 180 }}
          loading={categories.isLoading}
          options={categories.data?.data.map((c) => ({
            value: c.id,
            label: (zh ? c.nameZh : c.nameEn) || c.nameZh || c.nameEn,
          }))}
        />
      </Form.Item>
      <Form.Item name="status" label={t('tests.field.status')}>
        <Select
          allowClear
          placeholder={t('tests.search.all')}
          style={{ width: 140 }}
          options={TEST_STATUSES.map((status) => ({ value: status, label: t(`tests.status.${status}`) }))}
        />
      </Form.Item>
      <Form.Item name="pricing" label={t('tests.field.pricing')}>
        <Select
          allowClear
          placeholder={t('tests.search.all')}
          style={{ width: 120 }}
          options={[
            { value: 'free', label: t('tests.pricing.free') },
            { value: 'paid', label: t('tests.pricing.paid') },
          ]}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('tests.search.submit')}
          </Button>
          <Button
            onClick={() => {
              clear();
              onSearch({});
            }}
          >
            {t('tests.search.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
