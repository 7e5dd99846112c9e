import { formatYuan, localized, type OrderDetail, refundableFen } from '@cool/shared';
import { Descriptions, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { participantName } from '../../../shared/records/tags.tsx';

export const yuan = (fen: number) => formatYuan(fen, { symbol: true });

const breakable = { wordBreak: 'break-all' } as const;

/**
 * The order a refund is about, as both wizard steps show it: who paid for which test, what was paid and what
 * may still go back. `extra` adds the confirm step's lines (the amount, the reason).
 */
export function OrderFacts({
  order,
  extra = [],
}: {
  order: OrderDetail;
  extra?: DescriptionsProps['items'];
}) {
  const { t } = useTranslation();
  const language = useTextLanguage();
  const pendingFen = order.amountFen - order.refundedFen - refundableFen(order);
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      styles={{ label: { width: 120 } }}
      items={[
        {
          key: 'orderNo',
          label: t('orders.field.orderNo'),
          children: <span style={breakable}>{order.orderNo}</span>,
        },
        { key: 'status', label: t('orders.field.status'), children: t(`orders.status.${order.status}`) },
        { key: 'test', label: t('orders.field.test'), children: localized(order.title, language) },
        {
          key: 'payer',
          label: t('refunds.field.payer'),
          children: (
            <span style={breakable}>
              {participantName(t, order.participant)}
              {order.payerOpenid && ` (${order.payerOpenid})`}
            </span>
          ),
        },
        { key: 'paid', label: t('refunds.field.paid'), children: yuan(order.amountFen) },
        {
          key: 'refundable',
          label: t('refunds.field.refundable'),
          children: t('refunds.field.refundableOf', {
            refundable: yuan(refundableFen(order)),
            refunded: yuan(order.refundedFen),
            pending: yuan(pendingFen),
          }),
        },
        ...(extra ?? []),
      ]}
    />
  );
}
