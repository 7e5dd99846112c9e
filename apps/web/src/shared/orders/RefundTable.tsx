import { formatYuan, type Refund } from '@cool/shared';
import { Empty, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIT_TABLE } from '../list/fitTable.ts';
import { DateTime } from '../ui/DateTime.tsx';
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
      {...FIT_TABLE}
      size="small"
      rowKey="id"
      pagination={false}
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
        {
          // Who asked under when: one column fewer, so the profile's table fits a 1366 px screen.
          key: 'time',
          title: t('orders.refunds.time'),
          render: (_, r) => (
            <Flex vertical>
              <DateTime value={r.createTime} />
              {r.requestedBy && (
                <Typography.Text type="secondary">
                  {t('orders.refunds.by', { name: r.requestedBy })}
                </Typography.Text>
              )}
            </Flex>
          ),
        },
        {
          key: 'success',
          title: t('orders.refunds.successTime'),
          render: (_, r) => (r.successTime ? <DateTime value={r.successTime} /> : '—'),
        },
        ...after,
      ]}
    />
  );
}
