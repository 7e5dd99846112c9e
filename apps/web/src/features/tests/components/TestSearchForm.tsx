import { TEST_STATUSES, type TestStatus } from '@cool/shared';
import { Select } from 'antd';
// The input part alone: antd's Input also carries TextArea, Search and OTP, which this list's first paint does
// not show.
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { ListSearchForm, SearchField } from '../../../shared/list/ListSearchForm.tsx';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
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
  // A role that may not read the categories is not offered the filter (the server would refuse their list).
  const byCategory = usePermission()('categories', 'query');
  const categories = useCategoryOptions(byCategory);
  const zh = i18n.language === 'zh-CN';
  return (
    <ListSearchForm filters={filters} onSearch={onSearch}>
      <SearchField name="title" label={t('tests.field.title')}>
        <Input allowClear placeholder={t('tests.search.titlePlaceholder')} style={{ width: 200 }} />
      </SearchField>
      {byCategory && (
        <SearchField name="categoryId" label={t('tests.field.categories')}>
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
        </SearchField>
      )}
      <SearchField name="status" label={t('tests.field.status')}>
        <Select
          allowClear
          placeholder={t('tests.search.all')}
          style={{ width: 140 }}
          options={TEST_STATUSES.map((status) => ({ value: status, label: t(`tests.status.${status}`) }))}
        />
      </SearchField>
      <SearchField name="pricing" label={t('tests.field.pricing')}>
        <Select
          allowClear
          placeholder={t('tests.search.all')}
          style={{ width: 120 }}
          options={[
            { value: 'free', label: t('tests.pricing.free') },
            { value: 'paid', label: t('tests.pricing.paid') },
          ]}
        />
      </SearchField>
    </ListSearchForm>
  );
}
