import { STATUSES, type Status } from '@cool/shared';
import { Select } from 'antd';
// The input part alone: antd's Input also carries TextArea, Search and OTP, which this list's first paint does
// not show.
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { ListSearchForm, SearchField } from '../../../shared/list/ListSearchForm.tsx';

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
  return (
    <ListSearchForm filters={filters} onSearch={onSearch}>
      <SearchField name="name" label={t('categories.field.name')}>
        <Input allowClear placeholder={t('categories.search.namePlaceholder')} style={{ width: 200 }} />
      </SearchField>
      <SearchField name="status" label={t('categories.field.status')}>
        <Select
          allowClear
          placeholder={t('categories.search.all')}
          style={{ width: 140 }}
          options={STATUSES.map((status) => ({ value: status, label: t(`categories.status.${status}`) }))}
        />
      </SearchField>
    </ListSearchForm>
  );
}
