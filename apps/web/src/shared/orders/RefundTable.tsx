import { formatYuan, type Refund } from '@cool/shared';
import { Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../ui/format.ts';
import { RefundStatusTag } from './tags.tsx';

interface RefundTableProps {
  refunds: Refund[];
  /** Columns before the amount (the order profile's refund number) ... */
  before?: TableColumnsType<Refund>;
  /** ... and after the success time (its WeChat Pay refund id). */
  after?: TableColumnsType<Refund>;
}

/** An order's refunds, as the orders drawer and the order profile show them (texts from the `orders` pack). */
export function RefundTable({ refunds, before = [], after = [] }: RefundTableProps) {
  const { t } = useTranslation();
  return (
    <Table<Refund>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={refunds}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.refunds.empty')} />,
      }}
      columns={[
        ...before,
        {
          key: 'amount',
          title: t('orders.refunds.amount'),
          render: (_, r) => formatYuan(r.amountFen, { symbol: true }),
        },
        {
          key: 'status',
          title: t('orders.field.status'),
          render: (_, r) => <RefundStatusTag status={r.status} />,
        },
        { key: 'reason', title: t('orders.refunds.reason'), render: (_, r) => r.reason || '—' },
        { key: 'by', title: t('orders.refunds.by'), render: (_, r) => r.requestedBy ?? '—' },
        { key: 'time', title: t('orders.refunds.time'), render: (_, r) => formatDateTime(r.createTime) },
        {
          key: 'success',
          title: t('orders.refunds.successTime'),
          render: (_, r) => formatDateTime(r.successTime) || '—',
        },
        ...after,
      ]}
    />
  );
}
