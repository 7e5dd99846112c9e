import type {
  AnalysisPeriodQuery,
  SalesByCategoryQuery,
  salesByCategorySchema,
  salesOverviewSchema,
  salesPeriodSchema,
  visitsOverviewSchema,
  visitsPeriodSchema,
} from '@cool/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, typed } from '../../shared/http/client.ts';

/** The analysis dashboard's queries: sales ones need `orders.query`, visits ones `records.query`. */

export const analysisKeys = {
  all: ['analysis'] as const,
  salesOverview: () => [...analysisKeys.all, 'sales', 'overview'] as const,
  sales: (query: AnalysisPeriodQuery) => [...analysisKeys.all, 'sales', query] as const,
  categories: (query: SalesByCategoryQuery) => [...analysisKeys.all, 'categories', query] as const,
  visitsOverview: () => [...analysisKeys.all, 'visits', 'overview'] as const,
  visits: (query: AnalysisPeriodQuery) => [...analysisKeys.all, 'visits', query] as const,
};

export const analysisQueries = {
  salesOverview: () =>
    queryOptions({
      queryKey: analysisKeys.salesOverview(),
      queryFn: () => api.get('/analysis/sales/overview', typed<typeof salesOverviewSchema>()),
    }),
  sales: (query: AnalysisPeriodQuery) =>
    queryOptions({
      queryKey: analysisKeys.sales(query),
      queryFn: () => api.get('/analysis/sales', typed<typeof salesPeriodSchema>(), { params: query }),
      placeholderData: keepPreviousData,
    }),
  categories: (query: SalesByCategoryQuery) =>
    queryOptions({
      queryKey: analysisKeys.categories(query),
      queryFn: () =>
        api.get('/analysis/sales/categories', typed<typeof salesByCategorySchema>(), { params: query }),
      placeholderData: keepPreviousData,
    }),
  visitsOverview: () =>
    queryOptions({
      queryKey: analysisKeys.visitsOverview(),
      queryFn: () => api.get('/analysis/visits/overview', typed<typeof visitsOverviewSchema>()),
    }),
  visits: (query: AnalysisPeriodQuery) =>
    queryOptions({
      queryKey: analysisKeys.visits(query),
      queryFn: () => api.get('/analysis/visits', typed<typeof visitsPeriodSchema>(), { params: query }),
      placeholderData: keepPreviousData,
    }),
};

/** Each section calls its own, and is shown only to a role that may query it. */
export const useSalesOverview = () => useQuery(analysisQueries.salesOverview());
export const useSales = (query: AnalysisPeriodQuery) => useQuery(analysisQueries.sales(query));
export const useSalesByCategory = (query: SalesByCategoryQuery) =>
  useQuery(analysisQueries.categories(query));
export const useVisitsOverview = () => useQuery(analysisQueries.visitsOverview());
export const useVisits = (query: AnalysisPeriodQuery) => useQuery(analysisQueries.visits(query));
