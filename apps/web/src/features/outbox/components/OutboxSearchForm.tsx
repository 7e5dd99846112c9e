import { MESSAGE_CHANNELS, MESSAGE_KINDS, type outboxQuerySchema } from '@cool/shared';
import { DatePicker, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fromDayRange, toDayRange } from '../../../shared/list/dayRange.ts';
import { ListSearchForm, SearchField } from '../../../shared/list/ListSearchForm.tsx';
import type { ListStateOf } from '../../../shared/list/useListState.ts';

export type OutboxSearch = ListStateOf<typeof outboxQuerySchema>['filters'];

type OutboxSearchValues = Omit<OutboxSearch, 'from' | 'to'> & { time?: [Dayjs, Dayjs] };

interface OutboxSearchFormProps {
  filters: OutboxSearch;
  onSearch: (values: OutboxSearch) => void;
}

export function OutboxSearchForm({ filters: { from, to, ...filters }, onSearch }: OutboxSearchFormProps) {
  const { t } = useTranslation();
  return (
    <ListSearchForm<OutboxSearchValues>
      filters={{ ...filters, time: toDayRange(from, to) }}
      onSearch={({ time, ...values }) => onSearch({ ...values, ...fromDayRange(time) })}
    >
      <SearchField name="recipient" label={t('outbox.field.recipient')}>
        <Input allowClear placeholder={t('outbox.search.recipientPlaceholder')} style={{ width: 200 }} />
      </SearchField>
      <SearchField name="channel" label={t('outbox.field.channel')}>
        <Select
          allowClear
          placeholder={t('outbox.search.all')}
          style={{ width: 120 }}
          options={MESSAGE_CHANNELS.map((channel) => ({
            value: channel,
            label: t(`outbox.channel.${channel}`),
          }))}
        />
      </SearchField>
      <SearchField name="kind" label={t('outbox.field.kind')}>
        <Select
          allowClear
          placeholder={t('outbox.search.all')}
          style={{ width: 180 }}
          options={MESSAGE_KINDS.map((kind) => ({ value: kind, label: t(`outbox.kind.${kind}`) }))}
        />
      </SearchField>
      <SearchField name="time" label={t('outbox.field.time')}>
        <DatePicker.RangePicker allowEmpty={[false, false]} style={{ width: 240 }} />
      </SearchField>
    </ListSearchForm>
  );
}
