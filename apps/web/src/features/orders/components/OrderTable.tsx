import { formatYuan, localized, type Order, type orderListQuerySchema, type Page } from '@cool/shared';
import { Button, Empty, Flex, Grid, Space, Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { FIT_TABLE, usePhoneTable } from '../../../shared/list/fitTable.ts';
import { useListTable } from '../../../shared/list/listTable.ts';
import type { ListStateOf } from '../../../shared/list/useListState.ts';
import { ChannelTag, OrderStatusTag } from '../../../shared/orders/tags.tsx';
import { participantName } from '../../../shared/records/tags.tsx';
import { DateTime } from '../../../shared/ui/DateTime.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';

interface OrderTableProps {
  page: Page<Order> | undefined;
  loading: boolean;
  list: ListStateOf<typeof orderListQuerySchema>;
  /** Opens an order's details; none for a role that may not (orders.get): no view button then. */
  onView?: (order: Order) => void;
}

const yuan = (fen: number) => formatYuan(fen, { symbol: true });

export function OrderTable({ page, loading, list, onView }: OrderTableProps) {
  const { t } = useTranslation();
  const language = useTextLanguage();
  const isMobile = Grid.useBreakpoint().md === false;
  const isPhone = usePhoneTable();

  const refunded = (order: Order) =>
    order.refundedFen > 0 && t('orders.refundedAmount', { amount: yuan(order.refundedFen) });
  const view = (order: Order) =>
    onView && (
      <Button
        type="link"
        size="small"
        aria-label={t('orders.detail.title', { orderNo: order.orderNo })}
        onClick={() => onView(order)}
      >
        {t('orders.action.view')}
      </Button>
    );

  const columns: TableProps<Order>['columns'] = isPhone
    ? [
        {
          key: 'order',
          render: (_, order) => (
            <Flex vertical gap={4}>
              <Flex justify="space-between" gap={8}>
                <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                  {order.orderNo}
                </Typography.Text>
                <Typography.Text strong style={{ flex: 'none' }}>
                  {yuan(order.amountFen)}
                </Typography.Text>
              </Flex>
              <Typography.Text>{localized(order.title, language)}</Typography.Text>
              <Typography.Text type="secondary">{participantName(t, order.participant)}</Typography.Text>
              <Space size={8} wrap>
                <OrderStatusTag status={order.status} expired={order.expired} />
                <ChannelTag channel={order.channel} />
                {refunded(order) && <span>{refunded(order)}</span>}
              </Space>
              <Typography.Text type="secondary">{formatDateTime(order.createTime)}</Typography.Text>
              <div style={{ marginInline: -7 }}>{view(order)}</div>
            </Flex>
          ),
        },
      ]
    : [
        {
          key: 'orderNo',
          title: t('orders.field.orderNo'),
          // One line: a number broken across lines is hard to read out or compare.
          render: (_, order) => <span style={{ whiteSpace: 'nowrap' }}>{order.orderNo}</span>,
        },
        {
          key: 'participant',
          title: t('orders.field.participant'),
          render: (_, order) => participantName(t, order.participant),
        },
        {
          key: 'test',
          title: t('orders.field.test'),
          render: (_, order) => <div style={{ minWidth: 120 }}>{localized(order.title, language)}</div>,
        },
        {
          key: 'amountFen',
          title: t('orders.field.amount'),
          sorter: true,
          align: 'right',
          render: (_, order) => (
            <Flex vertical align="end">
              <span>{yuan(order.amountFen)}</span>
              {/* May wrap before the amount: the list fits a 1280 px screen beside the menu. */}
              {refunded(order) && <Typography.Text type="secondary">{refunded(order)}</Typography.Text>}
            </Flex>
          ),
        },
        {
          key: 'channel',
          title: t('orders.field.channel'),
          render: (_, order) => <ChannelTag channel={order.channel} />,
        },
        {
          key: 'status',
          title: t('orders.field.status'),
          render: (_, order) => <OrderStatusTag status={order.status} expired={order.expired} />,
        },
        {
          key: 'createTime',
          title: t('orders.field.created'),
          sorter: true,
          render: (_, order) => <DateTime value={order.createTime} />,
        },
        {
          key: 'actions',
          title: t('orders.field.actions'),
          fixed: isMobile ? undefined : 'right',
          render: (_, order) => view(order),
        },
      ];

  const table = useListTable(list, page, { columns, showTotal: (total) => t('orders.total', { total }) });

  return (
    <Table<Order>
      {...table}
      {...FIT_TABLE}
      showHeader={!isPhone}
      rowKey="orderNo"
      dataSource={page?.data}
      loading={loading}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.empty')} /> }}
    />
  );
}
