import { formatYuan, localized, type OrderDetail } from '@cool/shared';
import { type DescriptionsProps, Flex, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTextLanguage } from '../i18n/contentText.ts';
import { usePermission } from '../permissions/usePermission.ts';
import { formatDateTime } from '../ui/format.ts';
import { OrderStatusTag } from './tags.tsx';

type Fact = NonNullable<DescriptionsProps['items']>[number];

const yuan = (fen: number) => formatYuan(fen, { symbol: true });
const dash = (text: string | null | undefined) => text || '—';

/**
 * An order's facts as Descriptions items, defined once for the order drawer and the order profile: each view
 * picks the ones it shows, in its own order (`factsOf(order)('status', 'amount', ...)`).
 */
export function useOrderFacts() {
  const { t } = useTranslation();
  const language = useTextLanguage();
  const can = usePermission();
  return (order: OrderDetail) => factsOf(order, t, language, can);
}

function factsOf(
  order: OrderDetail,
  t: TFunction,
  language: ReturnType<typeof useTextLanguage>,
  can: ReturnType<typeof usePermission>,
) {
  const all = {
    orderNo: <span style={{ wordBreak: 'break-all' }}>{order.orderNo}</span>,
    status: (
      <Flex gap={8} wrap align="center">
        <OrderStatusTag status={order.status} expired={order.expired} />
        {order.expired && <Typography.Text type="secondary">{t('orders.expiredHint')}</Typography.Text>}
      </Flex>
    ),
    channel: t(`orders.channel.${order.channel}`),
    amount: yuan(order.amountFen),
    refunded: yuan(order.refundedFen),
    test: t('orders.detail.testPrice', {
      title: localized(order.title, language),
      price: yuan(order.priceFen),
    }),
    record: (
      <Space size={4} wrap>
        {can('records', 'query') ? (
          <Link to={`/records?record=${order.record.id}`}>#{order.record.id}</Link>
        ) : (
          `#${order.record.id}`
        )}
        <Tag color={order.record.unlocked ? 'success' : 'default'}>
          {t(order.record.unlocked ? 'orders.detail.unlocked' : 'orders.detail.locked')}
        </Tag>
      </Space>
    ),
    created: formatDateTime(order.createTime),
    expires: formatDateTime(order.expireTime),
    paid: dash(formatDateTime(order.paidTime)),
    closed: dash(formatDateTime(order.closedTime)),
  };
  const labels: Record<keyof typeof all, string> = {
    orderNo: t('orders.field.orderNo'),
    status: t('orders.field.status'),
    channel: t('orders.field.channel'),
    amount: t('orders.field.amount'),
    refunded: t('orders.field.refunded'),
    test: t('orders.field.test'),
    record: t('orders.field.record'),
    created: t('orders.field.created'),
    expires: t('orders.field.expires'),
    paid: t('orders.field.paid'),
    closed: t('orders.field.closed'),
  };
  return (...keys: (keyof typeof all)[]): Fact[] =>
    keys.map((key) => ({ key, label: labels[key], children: all[key] }));
}
