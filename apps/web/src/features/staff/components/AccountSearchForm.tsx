import { ACCOUNT_STATUSES, type accountListQuerySchema } from '@cool/shared';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListSearchForm, SearchField } from '../../../shared/list/ListSearchForm.tsx';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { roleName } from '../../../shared/staff/builtInNames.ts';
import { useRoleOptions } from '../api.ts';

export type AccountSearch = ListStateOf<typeof accountListQuerySchema>['filters'];

export function AccountSearchForm({
  filters,
  onSearch,
}: {
  filters: AccountSearch;
  onSearch: (values: AccountSearch) => void;
}) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const all = t('staff.search.all');
  return (
    <ListSearchForm<AccountSearch> filters={filters} onSearch={onSearch}>
      <SearchField name="keyword" label={t('staff.search.keyword')}>
        <Input allowClear placeholder={t('staff.search.keywordPlaceholder')} style={{ width: 220 }} />
      </SearchField>
      <SearchField name="status" label={t('staff.field.status')}>
        <Select
          allowClear
          placeholder={all}
          style={{ width: 140 }}
          options={ACCOUNT_STATUSES.map((status) => ({ value: status, label: t(`staff.status.${status}`) }))}
        />
      </SearchField>
      <SearchField name="roleId" label={t('staff.field.role')}>
        <Select
          allowClear
          placeholder={all}
          style={{ width: 160 }}
          loading={roles.isLoading}
          options={roles.data?.map((role) => ({ value: role.id, label: roleName(t, role) }))}
        />
      </SearchField>
    </ListSearchForm>
  );
}
