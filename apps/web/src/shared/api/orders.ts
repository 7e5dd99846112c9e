import type {
  OrderListQuery,
  orderDetailSchema,
  orderSchema,
  orderTotalsSchema,
  RefundInput,
} from '@cool/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, typed, typedPage } from '../http/client.ts';

/** The staff payment-order endpoints, typed from their response schemas (the /order screen). */

const orderPageSchema = typedPage<typeof orderSchema>();

/** The list's filters without paging or sort: what the totals and the export take. */
export type OrderFilters = Omit<OrderListQuery, 'pageNo' | 'pageSize' | 'cursor' | 'sortField' | 'sortOrder'>;

/** Query keys; every order action invalidates `all` (a sync or refund changes the list, totals and detail). */
export const orderKeys = {
  all: ['orders'] as const,
  list: (query: OrderListQuery) => [...orderKeys.all, 'list', query] as const,
  totals: (filters: OrderFilters) => [...orderKeys.all, 'totals', filters] as const,
  detail: (orderNo: string) => [...orderKeys.all, 'detail', orderNo] as const,
  byId: (id: number) => [...orderKeys.all, 'by-id', id] as const,
};

export const orderQueries = {
  list: (query: OrderListQuery) =>
    queryOptions({
      queryKey: orderKeys.list(query),
      queryFn: () => api.get('/orders', orderPageSchema, { params: query }),
      placeholderData: keepPreviousData,
    }),
  totals: (filters: OrderFilters) =>
    queryOptions({
      queryKey: orderKeys.totals(filters),
      queryFn: () => api.get('/orders/totals', typed<typeof orderTotalsSchema>(), { params: filters }),
      placeholderData: keepPreviousData,
    }),
  detail: (orderNo: string) =>
    queryOptions({
      queryKey: orderKeys.detail(orderNo),
      queryFn: () => api.get(`/orders/${encodeURIComponent(orderNo)}`, typed<typeof orderDetailSchema>()),
    }),
  /** The same detail by the order's id: the order profile and the refund outcome page link by id. */
  byId: (id: number) =>
    queryOptions({
      queryKey: orderKeys.byId(id),
      queryFn: () => api.get(`/orders/by-id/${id}`, typed<typeof orderDetailSchema>()),
    }),
};

const orderPath = (orderNo: string, action: string) => `/orders/${encodeURIComponent(orderNo)}/${action}`;

/** Asks WeChat Pay for the order's state now and applies it. */
export const syncOrder = (orderNo: string) =>
  api.post(orderPath(orderNo, 'sync'), typed<typeof orderDetailSchema>());

/** Closes an unpaid order (WeChat Pay is asked first: a paid one becomes paid instead). */
export const closeOrder = (orderNo: string) =>
  api.post(orderPath(orderNo, 'close'), typed<typeof orderDetailSchema>());

export const refundOrder = ({ orderNo, input }: { orderNo: string; input: RefundInput }) =>
  api.post(orderPath(orderNo, 'refunds'), typed<typeof orderDetailSchema>(), input);

/** Asks WeChat Pay about one refund still in progress now and applies its answer: its order's detail. */
export const syncRefund = (refundId: number) =>
  api.post(`/refunds/${refundId}/sync`, typed<typeof orderDetailSchema>());
