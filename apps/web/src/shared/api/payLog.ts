import type {
  PayLogQuery,
  payLogEntrySchema,
  ReconciliationDaysQuery,
  reconciliationDaySchema,
  reconciliationSchema,
} from '@cool/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, api, typed, typedPage } from '../http/client.ts';

/**
 * The WeChat Pay page's endpoints (/order/weixin), typed from their response schemas: the payment log
 * and a day's trade-bill reconciliation.
 */

const payLogPageSchema = typedPage<typeof payLogEntrySchema>();
const reconciliationDaysSchema = typedPage<typeof reconciliationDaySchema>();

export const payLogKeys = {
  all: ['payLog'] as const,
  list: (query: PayLogQuery) => [...payLogKeys.all, 'list', query] as const,
  reconciliation: (billDate: string) => [...payLogKeys.all, 'reconciliation', billDate] as const,
  days: (query: ReconciliationDaysQuery) => [...payLogKeys.all, 'reconciliationDays', query] as const,
};

export const payLogQueries = {
  list: (query: PayLogQuery) =>
    queryOptions({
      queryKey: payLogKeys.list(query),
      queryFn: () => api.get('/pay-log', payLogPageSchema, { params: query }),
      placeholderData: keepPreviousData,
    }),
  /** The recent days with their reconciliation's state, newest first. */
  days: (query: ReconciliationDaysQuery) =>
    queryOptions({
      queryKey: payLogKeys.days(query),
      queryFn: () => api.get('/pay/reconciliations', reconciliationDaysSchema, { params: query }),
      placeholderData: keepPreviousData,
    }),
  /** The stored reconciliation of a day (`YYYY-MM-DD`, China time); null when that day was never reconciled. */
  reconciliation: (billDate: string) =>
    queryOptions({
      queryKey: payLogKeys.reconciliation(billDate),
      queryFn: () =>
        api
          .get(`/pay/reconciliations/${billDate}`, typed<typeof reconciliationSchema>())
          .catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 404) return null;
            throw error;
          }),
    }),
};

/** Downloads the day's trade bill and reconciles it now. */
export const runReconciliation = (billDate: string) =>
  api.post('/pay/reconciliations', typed<typeof reconciliationSchema>(), { billDate });

/** Brings one difference's order in line with WeChat Pay (a query by its order number); marks it synced. */
export const syncDifference = ({ billDate, orderNo }: { billDate: string; orderNo: string }) =>
  api.post(
    `/pay/reconciliations/${billDate}/differences/${encodeURIComponent(orderNo)}/sync`,
    typed<typeof reconciliationSchema>(),
  );
