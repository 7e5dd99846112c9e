import type { CategoryListQuery } from '@cool/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  categoryKeys,
  categoryQueries,
  deleteCategory,
  saveCategory,
  setCategoryStatus,
} from '../../shared/api/categories.ts';

export function useCategoryList(query: CategoryListQuery) {
  return useQuery(categoryQueries.list(query));
}

function useInvalidateOnSuccess() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: categoryKeys.all });
}

export function useSaveCategory() {
  return useMutation({ mutationFn: saveCategory, onSuccess: useInvalidateOnSuccess() });
}

export function useDeleteCategory() {
  return useMutation({ mutationFn: deleteCategory, onSuccess: useInvalidateOnSuccess() });
}

export function useSetCategoryStatus() {
  return useMutation({ mutationFn: setCategoryStatus, onSuccess: useInvalidateOnSuccess() });
}
