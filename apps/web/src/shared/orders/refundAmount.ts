import { formatYuan } from '@cool/shared';
import type { FormItemProps } from 'antd';
import type { TFunction } from 'i18next';

/**
 * The refund amount field (`amountYuan`, in yuan) of the orders screen's refund dialog and the refund wizard:
 * required, and at most what may still be refunded (the server refuses more too). Texts: the `orders` pack.
 */
export const refundAmountItem = (t: TFunction, remainingFen: number): FormItemProps => {
  const maximum = formatYuan(remainingFen, { symbol: true });
  return {
    name: 'amountYuan',
    label: t('orders.refund.amount', { maximum }),
    rules: [
      { required: true, message: t('orders.refund.amountRequired') },
      {
        validator: (_, value: number | null) =>
          value !== null && Math.round(value * 100) > remainingFen
            ? Promise.reject(new Error(t('orders.refund.tooLarge', { maximum })))
            : Promise.resolve(),
      },
    ],
  };
};
