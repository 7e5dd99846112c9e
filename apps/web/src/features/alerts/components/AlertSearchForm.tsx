import { ALERT_STATUSES, type alertListQuerySchema } from '@cool/shared';
import { DatePicker, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fromDayRange, toDayRange } from '../../../shared/list/dayRange.ts';
import { ListSearchForm, SearchField } from '../../../shared/list/ListSearchForm.tsx';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { TestPicker } from '../../../shared/ui/TestPicker.tsx';

export type AlertSearch = ListStateOf<typeof alertListQuerySchema>['filters'];

/** The form's values: the URL's `from`/`to` instants as a range of days. */
type AlertSearchValues = Omit<AlertSearch, 'from' | 'to'> & { raised?: [Dayjs, Dayjs] };

const toValues = ({ from, to, ...filters }: AlertSearch): AlertSearchValues => ({
  ...filters,
  raised: toDayRange(from, to),
});

const toFilters = ({ raised, ...values }: AlertSearchValues): AlertSearch => ({
  ...values,
  ...fromDayRange(raised),
});

interface AlertSearchFormProps {
  /** The list's current filters (from the URL). */
  filters: AlertSearch;
  onSearch: (values: AlertSearch) => void;
}

/** The queue's filters: the participant's nickname, the test (for a role that may list tests), status, days raised. */
export function AlertSearchForm({ filters, onSearch }: AlertSearchFormProps) {
  const { t } = useTranslation();
  const canListTests = usePermission()('tests', 'query');
  return (
    <ListSearchForm<AlertSearchValues> filters={toValues(filters)} onSearch={(v) => onSearch(toFilters(v))}>
      <SearchField name="participant" label={t('alerts.field.participant')}>
        <Input allowClear placeholder={t('alerts.search.participantPlaceholder')} style={{ width: 160 }} />
      </SearchField>
      {canListTests && (
        <SearchField name="testId" label={t('alerts.field.test')}>
          <TestPicker placeholder={t('alerts.search.all')} style={{ width: 200 }} />
        </SearchField>
      )}
      <SearchField name="status" label={t('alerts.field.status')}>
        <Select
          allowClear
          placeholder={t('alerts.search.all')}
          style={{ width: 140 }}
          options={ALERT_STATUSES.map((status) => ({
            value: status,
            label: t(`testRecord.alertStatus.${status}`),
          }))}
        />
      </SearchField>
      <SearchField name="raised" label={t('alerts.field.created')}>
        <DatePicker.RangePicker allowEmpty={[false, false]} style={{ width: 240 }} />
      </SearchField>
    </ListSearchForm>
  );
}
