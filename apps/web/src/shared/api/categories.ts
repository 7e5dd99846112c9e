import type { CategoryInput, CategoryListQuery, categorySchema } from '@cool/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, typed, typedPage } from '../http/client.ts';

/**
 * The categories endpoints, typed from their response schemas. Read by the categories feature and by the
 * tests feature's category pickers, so they live here rather than in either feature.
 */

// Types only (see `typed`): the category list is the console's first page, and its schemas would bring others.
const category = typed<typeof categorySchema>();
const categoryPage = typedPage<typeof categorySchema>();

/** The largest page the API serves: pickers list every category in one page. */
const EVERY_CATEGORY = { pageNo: 1, pageSize: 100 } satisfies CategoryListQuery;

/** Query keys; every category mutation invalidates `all`. */
export const categoryKeys = {
  all: ['categories'] as const,
  list: (query: CategoryListQuery) => [...categoryKeys.all, 'list', query] as const,
};

export const categoryQueries = {
  list: (query: CategoryListQuery) =>
    queryOptions({
      queryKey: categoryKeys.list(query),
      queryFn: () => api.get('/categories', categoryPage, { params: query }),
      // Keeps the current rows on screen while the next page or sort loads.
      placeholderData: keepPreviousData,
    }),
  /** Every category, for pickers; they rarely change while a form is open. */
  options: () => ({ ...categoryQueries.list(EVERY_CATEGORY), staleTime: 60_000 }),
};

export const saveCategory = ({ id, input }: { id?: number; input: CategoryInput }) =>
  id === undefined ? api.post('/categories', category, input) : api.put(`/categories/${id}`, category, input);

export const deleteCategory = (id: number) => api.delete(`/categories/${id}`, null);

export const setCategoryStatus = ({ id, enabled }: { id: number; enabled: boolean }) =>
  api.post(`/categories/${id}/${enabled ? 'enable' : 'disable'}`, category);
