import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roleKeys, roleQueries } from '../../shared/api/roles.ts';

export const useRoleList = () => useQuery(roleQueries.list());

/** A role change refreshes the roles everywhere (the staff screen's pickers too). */
export function useRoleAction<V, R>(action: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
