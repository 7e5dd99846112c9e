import type { payLogQuerySchema } from '@cool/shared';
import { DatePicker, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fromDayRange, toDayRange } from '../../../shared/list/dayRange.ts';
import { ListSearchForm, SearchField } from '../../../shared/list/ListSearchForm.tsx';
import type { ListStateOf } from '../../../shared/list/useListState.ts';

export type PayLogSearch = ListStateOf<typeof payLogQuerySchema>['filters'];

type PayLogSearchValues = Omit<PayLogSearch, 'from' | 'to'> & { time?: [Dayjs, Dayjs] };

interface PayLogSearchFormProps {
  filters: PayLogSearch;
  onSearch: (values: PayLogSearch) => void;
}

export function PayLogSearchForm({ filters: { from, to, ...filters }, onSearch }: PayLogSearchFormProps) {
  const { t } = useTranslation();
  return (
    <ListSearchForm<PayLogSearchValues>
      filters={{ ...filters, time: toDayRange(from, to) }}
      onSearch={({ time, ...values }) => onSearch({ ...values, ...fromDayRange(time) })}
    >
      <SearchField name="direction" label={t('payLog.field.direction')}>
        <Select
          allowClear
          placeholder={t('payLog.search.all')}
          style={{ width: 140 }}
          options={(['inbound', 'outbound'] as const).map((direction) => ({
            value: direction,
            label: t(`payLog.direction.${direction}`),
          }))}
        />
      </SearchField>
      <SearchField name="operation" label={t('payLog.field.operation')}>
        <Input allowClear placeholder={t('payLog.search.operationPlaceholder')} style={{ width: 180 }} />
      </SearchField>
      <SearchField name="orderNo" label={t('payLog.field.orderNo')}>
        <Input allowClear style={{ width: 200 }} />
      </SearchField>
      <SearchField name="verdict" label={t('payLog.field.verdict')}>
        <Input allowClear placeholder={t('payLog.search.verdictPlaceholder')} style={{ width: 140 }} />
      </SearchField>
      <SearchField name="time" label={t('payLog.field.time')}>
        <DatePicker.RangePicker allowEmpty={[false, false]} style={{ width: 240 }} />
      </SearchField>
    </ListSearchForm>
  );
}
