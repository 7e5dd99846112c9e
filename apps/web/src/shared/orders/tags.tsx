import type { OrderStatus, PayChannel, Refund } from '@cool/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The tags a payment order and its refunds are shown with (the orders screen, the order profile), so a status
 * looks the same everywhere. Their texts are the `orders` strings pack's.
 */

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

const REFUND_STATUS_COLOURS: Record<Refund['status'], string> = {
  processing: 'processing',
  success: 'success',
  closed: 'default',
  abnormal: 'error',
  failed: 'error',
};

export function RefundStatusTag({ status }: { status: Refund['status'] }) {
  const { t } = useTranslation();
  return <Tag color={REFUND_STATUS_COLOURS[status]}>{t(`orders.refunds.status.${status}`)}</Tag>;
}
