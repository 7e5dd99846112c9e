import type { OrderStatus, PayChannel } from '@cool/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Status colours as antd preset/status colours: money in is green, money going back blue then purple. */
const STATUS_COLOURS: Record<OrderStatus, string> = {
  unpaid: 'warning',
  paid: 'success',
  closed: 'default',
  refunding: 'processing',
  refunded: 'purple',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOURS[status]}>{t(`orders.status.${status}`)}</Tag>;
}

export function ChannelTag({ channel }: { channel: PayChannel }) {
  const { t } = useTranslation();
  return <Tag>{t(`orders.channel.${channel}`)}</Tag>;
}
