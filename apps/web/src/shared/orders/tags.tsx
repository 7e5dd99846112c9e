import { type OrderStatus, PAY_SUCCESS_VERDICTS, type PayChannel, type Refund } from '@cool/shared';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The tags a payment order and its refunds are shown with (the orders screen, the order profile), so a status
 * looks the same everywhere, and the payment log's verdicts (the log, the monitor). Their texts are the `orders`
 * strings pack's, the verdicts' the `payLog` pack's.
 */

/** Status colours as antd preset/status colours: money in is green, money going back blue then purple. */
const STATUS_COLOURS: Record<OrderStatus, string> = {
  unpaid: 'warning',
  paid: 'success',
  closed: 'default',
  refunding: 'processing',
  refunded: 'purple',
};

/** `expired`: unpaid past its expiry time (the order's `expired`), shown so before the close job closes it. */
export function OrderStatusTag({ status, expired = false }: { status: OrderStatus; expired?: boolean }) {
  const { t } = useTranslation();
  if (expired)
    return (
      <Tag color="default" title={t('orders.expiredHint')}>
        {t('orders.status.expired')}
      </Tag>
    );
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

type SuccessVerdict = (typeof PAY_SUCCESS_VERDICTS)[number];
const isSuccess = (verdict: string): verdict is SuccessVerdict =>
  (PAY_SUCCESS_VERDICTS as readonly string[]).includes(verdict);
/** Done its work: green; seen before or changing nothing: grey. */
const GOOD_VERDICTS: readonly string[] = ['ok', 'applied'];

/**
 * A payment log verdict: a success by name in the user's language, a failure by its code (what the log is
 * searched by), in red. `children` words the tag around the verdict's label.
 */
export function VerdictTag({
  verdict,
  children = (label) => label,
}: {
  verdict: string;
  children?: (label: string) => ReactNode;
}) {
  const { t } = useTranslation();
  // A refusal's code can be long (`signature:missingHeaders`): it breaks rather than widen a table.
  if (!isSuccess(verdict))
    return (
      <Tag color="error" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
        {children(verdict)}
      </Tag>
    );
  return (
    <Tag color={GOOD_VERDICTS.includes(verdict) ? 'success' : 'default'}>
      {children(t(`payLog.verdict.${verdict}`))}
    </Tag>
  );
}
