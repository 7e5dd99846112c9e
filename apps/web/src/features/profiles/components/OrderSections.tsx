import { formatYuan, type OrderDetail, type OrderEvent, refundableFen } from '@cool/shared';
import { Descriptions, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrderFacts } from '../../../shared/orders/orderFacts.tsx';
import { RefundTable } from '../../../shared/orders/RefundTable.tsx';
import { OrderStatusTag } from '../../../shared/orders/tags.tsx';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { participantName } from '../../../shared/records/tags.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { Panel } from '../../../shared/ui/Panel.tsx';

const yuan = (fen: number) => formatYuan(fen, { symbol: true });
const breakable = { wordBreak: 'break-all' } as const;

const dash = (text: string | null | undefined) => text || '—';

/** The order's facts: what was paid, by whom, for which test and record, and what went back. */
export function OrderFactsPanel({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const can = usePermission();
  const facts = useOrderFacts()(order);
  const payer = participantName(t, order.participant);
  return (
    <Panel title={t('orderProfile.section.order')}>
      <Descriptions
        // Three columns only on a wide screen: at 1366 px a third is too narrow for a whole order number.
        column={{ xs: 1, sm: 2, xxl: 3 }}
        items={[
          ...facts('orderNo', 'status', 'channel', 'amount', 'refunded'),
          {
            key: 'refundable',
            label: t('orderProfile.field.refundable'),
            children: yuan(refundableFen(order)),
          },
          ...facts('created', 'paid'),
          {
            key: 'transactionId',
            label: t('orders.field.transactionId'),
            children: <span style={breakable}>{dash(order.transactionId)}</span>,
          },
          {
            key: 'payer',
            label: t('orderProfile.field.payer'),
            children: can('participants', 'get') ? (
              <Link to={`/profile/advanced?id=${order.participant.id}`}>{payer}</Link>
            ) : (
              payer
            ),
          },
          {
            key: 'openid',
            label: t('orders.field.payer'),
            children: <span style={breakable}>{dash(order.payerOpenid)}</span>,
          },
          ...facts('test', 'record'),
        ]}
      />
    </Panel>
  );
}

/** The order's refunds, each linked to its outcome page. */
export function RefundsPanel({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('orders.detail.refunds')}>
      <RefundTable
        refunds={order.refunds}
        before={[
          {
            key: 'no',
            title: t('orderProfile.refunds.refundNo'),
            render: (_, r) => (
              <Link to={`/result/success?refund=${r.id}&order=${order.id}`}>{r.outRefundNo}</Link>
            ),
          },
        ]}
        after={[
          {
            key: 'wechat',
            title: t('orderProfile.refunds.wechatRefundId'),
            render: (_, r) => dash(r.refundId),
          },
        ]}
      />
    </Panel>
  );
}

/** Every change of the order's status: from and to, what caused it, who, when (oldest first). */
export function HistoryPanel({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('orders.detail.events')}>
      <Table<OrderEvent>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={order.events}
        columns={[
          { key: 'time', title: t('orderProfile.history.time'), render: (_, e) => formatDateTime(e.time) },
          {
            key: 'change',
            title: t('orderProfile.history.change'),
            render: (_, e) => (
              <Space size={4}>
                {e.fromStatus && (
                  <>
                    <OrderStatusTag status={e.fromStatus} />
                    <span aria-hidden>→</span>
                  </>
                )}
                <OrderStatusTag status={e.toStatus} />
              </Space>
            ),
          },
          {
            key: 'cause',
            title: t('orderProfile.history.cause'),
            render: (_, e) => t(`orders.cause.${e.cause}`),
          },
          { key: 'actor', title: t('orderProfile.history.actor'), render: (_, e) => dash(e.actorUsername) },
          {
            key: 'notification',
            title: t('orderProfile.history.notification'),
            render: (_, e) => <span style={breakable}>{dash(e.notificationId)}</span>,
          },
        ]}
      />
    </Panel>
  );
}
