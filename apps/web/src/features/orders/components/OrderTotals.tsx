import { formatNumber, formatYuan } from '@cool/shared';
import { Flex, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderFilters } from '../../../shared/api/orders.ts';
import { useOrderTotals } from '../api.ts';

/** The filtered list's totals (every page, not only the one shown): orders, money taken, money given back. */
export function OrderTotals({ filters }: { filters: OrderFilters }) {
  const { t } = useTranslation();
  const totals = useOrderTotals(filters).data;
  const shown = (value: string) => (totals ? value : '—');
  return (
    <Flex gap={32} wrap role="region" aria-label={t('orders.totals.label')}>
      <Statistic title={t('orders.totals.count')} value={shown(formatNumber(totals?.count))} />
      <Statistic
        title={t('orders.totals.paid', { count: totals?.paidCount ?? 0 })}
        value={shown(formatYuan(totals?.paidFen, { symbol: true }))}
      />
      <Statistic
        title={t('orders.totals.refunded')}
        value={shown(formatYuan(totals?.refundedFen, { symbol: true }))}
      />
    </Flex>
  );
}
