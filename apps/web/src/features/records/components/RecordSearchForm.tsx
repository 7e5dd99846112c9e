import { BAND_COLOURS, RECORD_STATUSES, type recordListQuerySchema } from '@cool/shared';
import { DatePicker, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fromDayRange, toDayRange } from '../../../shared/list/dayRange.ts';
import { ListSearchForm, SearchField } from '../../../shared/list/ListSearchForm.tsx';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { TestPicker } from '../../../shared/ui/TestPicker.tsx';

export type RecordSearch = ListStateOf<typeof recordListQuerySchema>['filters'];

/** The form's values: the URL's `from`/`to` instants as a range of days. */
type RecordSearchValues = Omit<RecordSearch, 'from' | 'to'> & { started?: [Dayjs, Dayjs] };

const toValues = ({ from, to, ...filters }: RecordSearch): RecordSearchValues => ({
  ...filters,
  started: toDayRange(from, to),
});

const toFilters = ({ started, ...values }: RecordSearchValues): RecordSearch => ({
  ...values,
  ...fromDayRange(started),
});

interface RecordSearchFormProps {
  /** The list's current filters (from the URL). */
  filters: RecordSearch;
  onSearch: (values: RecordSearch) => void;
}

export function RecordSearchForm({ filters, onSearch }: RecordSearchFormProps) {
  const { t } = useTranslation();
  return (
    <ListSearchForm<RecordSearchValues> filters={toValues(filters)} onSearch={(v) => onSearch(toFilters(v))}>
      <SearchField name="participant" label={t('records.field.participant')}>
        <Input allowClear placeholder={t('records.search.participantPlaceholder')} style={{ width: 160 }} />
      </SearchField>
      <SearchField name="testId" label={t('records.field.test')}>
        <TestPicker placeholder={t('records.search.all')} style={{ width: 200 }} />
      </SearchField>
      <SearchField name="status" label={t('records.field.status')}>
        <Select
          allowClear
          placeholder={t('records.search.all')}
          style={{ width: 120 }}
          options={RECORD_STATUSES.map((status) => ({
            value: status,
            label: t(`testRecord.status.${status}`),
          }))}
        />
      </SearchField>
      <SearchField name="bandColour" label={t('records.field.bandColour')}>
        <Select
          allowClear
          placeholder={t('records.search.all')}
          style={{ width: 120 }}
          options={BAND_COLOURS.map((colour) => ({
            value: colour,
            label: t(`testRecord.bandColour.${colour}`),
          }))}
        />
      </SearchField>
      <SearchField name="hasAlert" label={t('records.field.alert')}>
        <Select
          allowClear
          placeholder={t('records.search.all')}
          style={{ width: 140 }}
          options={[
            { value: 'true', label: t('records.search.withAlert') },
            { value: 'false', label: t('records.search.withoutAlert') },
          ]}
        />
      </SearchField>
      <SearchField name="started" label={t('records.field.started')}>
        <DatePicker.RangePicker allowEmpty={[false, false]} style={{ width: 240 }} />
      </SearchField>
    </ListSearchForm>
  );
}
