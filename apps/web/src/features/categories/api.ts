import type { Category, CategoryInput, CategoryListQuery, Page } from '@cool/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/http/client.ts';

const categoryKeys = {
  all: ['categories'] as const,
  list: (query: CategoryListQuery) => ['categories', 'list', query] as const,
};

export function useCategoryList(query: CategoryListQuery) {
  return useQuery({
    queryKey: categoryKeys.list(query),
    queryFn: () => api.get<Page<Category>>('/categories', { params: query }),
    // Keeps the current rows on screen while the next page or sort loads.
    placeholderData: keepPreviousData,
  });
}

function useInvalidateOnSuccess() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: categoryKeys.all });
}

export function useSaveCategory() {
  const onSuccess = useInvalidateOnSuccess();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CategoryInput }) =>
      id === undefined
        ? api.post<Category>('/categories', input)
        : api.put<Category>(`/categories/${id}`, input),
    onSuccess,
  });
}

export function useDeleteCategory() {
  const onSuccess = useInvalidateOnSuccess();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/categories/${id}`),
    onSuccess,
  });
}

export function useSetCategoryStatus() {
  const onSuccess = useInvalidateOnSuccess();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      api.post<Category>(`/categories/${id}/${enabled ? 'enable' : 'disable'}`),
    onSuccess,
  });
}
