import { GOAL_STATUSES, type goalListQuerySchema } from '@cool/shared';
import { DatePicker, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ListSearchForm, SearchField } from '../../../shared/list/ListSearchForm.tsx';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { PersonSelect } from './PersonSelect.tsx';

export type GoalSearch = ListStateOf<typeof goalListQuerySchema>['filters'];

/** The form's values: the URL's `from`/`to` days as one range. */
type GoalSearchValues = Omit<GoalSearch, 'from' | 'to'> & { days?: [Dayjs, Dayjs] };

const toValues = ({ from, to, ...filters }: GoalSearch): GoalSearchValues => ({
  ...filters,
  days: from && to ? [dayjs(from), dayjs(to)] : undefined,
});

const toFilters = ({ days, ...values }: GoalSearchValues): GoalSearch => ({
  ...values,
  from: days?.[0].format('YYYY-MM-DD'),
  to: days?.[1].format('YYYY-MM-DD'),
});

interface GoalSearchFormProps {
  filters: GoalSearch;
  onSearch: (values: GoalSearch) => void;
}

export function GoalSearchForm({ filters, onSearch }: GoalSearchFormProps) {
  const { t } = useTranslation();
  return (
    <ListSearchForm<GoalSearchValues> filters={toValues(filters)} onSearch={(v) => onSearch(toFilters(v))}>
      <SearchField name="keyword" label={t('goals.search.keyword')}>
        <Input allowClear placeholder={t('goals.search.keywordPlaceholder')} style={{ width: 200 }} />
      </SearchField>
      <SearchField name="status" label={t('goals.field.status')}>
        <Select
          allowClear
          placeholder={t('goals.search.all')}
          style={{ width: 140 }}
          options={GOAL_STATUSES.map((value) => ({ value, label: t(`goals.status.${value}`) }))}
        />
      </SearchField>
      <SearchField name="ownerId" label={t('goals.field.owner')}>
        <PersonSelect allowClear placeholder={t('goals.search.all')} style={{ width: 180 }} />
      </SearchField>
      <SearchField name="days" label={t('goals.search.days')}>
        <DatePicker.RangePicker style={{ maxWidth: 260 }} />
      </SearchField>
    </ListSearchForm>
  );
}
