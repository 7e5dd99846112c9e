import { ORDER_STATUSES, type orderListQuerySchema, PAY_CHANNELS } from '@cool/shared';
import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fromDayRange, toDayRange } from '../../../shared/list/dayRange.ts';
import {
  ListSearchForm,
  SearchControl,
  SearchField,
  SearchGroup,
} from '../../../shared/list/ListSearchForm.tsx';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { TestPicker } from '../../../shared/ui/TestPicker.tsx';

export type OrderSearch = ListStateOf<typeof orderListQuerySchema>['filters'];

/** The form's values: amounts in yuan (the URL has fen) and the URL's `from`/`to` instants as days. */
type OrderSearchValues = Omit<OrderSearch, 'from' | 'to' | 'minAmountFen' | 'maxAmountFen'> & {
  minYuan?: number;
  maxYuan?: number;
  created?: [Dayjs, Dayjs];
};

const toYuan = (fen: number | undefined) => (fen === undefined ? undefined : fen / 100);
// Typed yuan like 0.1 are not exact in binary: rounding gives the fen meant.
const toFen = (yuan: number | undefined) => (yuan === undefined ? undefined : Math.round(yuan * 100));

const toValues = ({ from, to, minAmountFen, maxAmountFen, ...filters }: OrderSearch): OrderSearchValues => ({
  ...filters,
  minYuan: toYuan(minAmountFen),
  maxYuan: toYuan(maxAmountFen),
  created: toDayRange(from, to),
});

const toFilters = ({ created, minYuan, maxYuan, ...values }: OrderSearchValues): OrderSearch => ({
  ...values,
  minAmountFen: toFen(minYuan),
  maxAmountFen: toFen(maxYuan),
  ...fromDayRange(created),
});

interface OrderSearchFormProps {
  filters: OrderSearch;
  onSearch: (values: OrderSearch) => void;
}

export function OrderSearchForm({ filters, onSearch }: OrderSearchFormProps) {
  const { t } = useTranslation();
  const all = t('orders.search.all');
  return (
    <ListSearchForm<OrderSearchValues> filters={toValues(filters)} onSearch={(v) => onSearch(toFilters(v))}>
      <SearchField name="orderNo" label={t('orders.field.orderNo')}>
        <Input allowClear style={{ width: 200 }} />
      </SearchField>
      <SearchField name="transactionId" label={t('orders.field.transactionId')}>
        <Input allowClear style={{ width: 200 }} />
      </SearchField>
      <SearchField name="participant" label={t('orders.field.participant')}>
        <Input allowClear placeholder={t('orders.search.participantPlaceholder')} style={{ width: 160 }} />
      </SearchField>
      <SearchField name="testId" label={t('orders.field.test')}>
        <TestPicker placeholder={all} style={{ width: 200 }} />
      </SearchField>
      <SearchField name="status" label={t('orders.field.status')}>
        <Select
          allowClear
          placeholder={all}
          style={{ width: 120 }}
          options={ORDER_STATUSES.map((status) => ({ value: status, label: t(`orders.status.${status}`) }))}
        />
      </SearchField>
      <SearchField name="channel" label={t('orders.field.channel')}>
        <Select
          allowClear
          placeholder={all}
          style={{ width: 140 }}
          options={PAY_CHANNELS.map((channel) => ({ value: channel, label: t(`orders.channel.${channel}`) }))}
        />
      </SearchField>
      <SearchGroup label={t('orders.search.amount')}>
        <Space.Compact>
          <SearchControl name="minYuan">
            <InputNumber
              min={0}
              precision={2}
              placeholder={t('orders.search.minYuan')}
              aria-label={t('orders.search.minYuan')}
              style={{ width: 100 }}
            />
          </SearchControl>
          <SearchControl name="maxYuan">
            <InputNumber
              min={0}
              precision={2}
              placeholder={t('orders.search.maxYuan')}
              aria-label={t('orders.search.maxYuan')}
              style={{ width: 100 }}
            />
          </SearchControl>
        </Space.Compact>
      </SearchGroup>
      <SearchField name="created" label={t('orders.field.created')}>
        <DatePicker.RangePicker allowEmpty={[false, false]} style={{ width: 240 }} />
      </SearchField>
    </ListSearchForm>
  );
}
