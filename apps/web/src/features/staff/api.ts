import type { AccountListQuery } from '@cool/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys, accountQueries } from '../../shared/api/accounts.ts';
import { roleQueries } from '../../shared/api/roles.ts';

export const useAccountList = (query: AccountListQuery) => useQuery(accountQueries.list(query));

export const useSignIns = (id: number, pageNo: number) => useQuery(accountQueries.signIns(id, pageNo));

/** The roles for the pickers; they rarely change while the screen is open. */
export const useRoleOptions = () => useQuery({ ...roleQueries.list(), staleTime: 60_000 });

/** Any account change refreshes every account list. */
export function useAccountAction<V, R>(action: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
