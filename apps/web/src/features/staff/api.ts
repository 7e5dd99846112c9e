import { type AccountListQuery, grantsBeyond, grantsOf } from '@cool/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { accountKeys, accountQueries } from '../../shared/api/accounts.ts';
import { roleQueries } from '../../shared/api/roles.ts';
import { useAuthStore } from '../../shared/session/authStore.ts';

export const useAccountList = (query: AccountListQuery) => useQuery(accountQueries.list(query));

export const useSignIns = (id: number, pageNo: number) => useQuery(accountQueries.signIns(id, pageNo));

/** The roles for the pickers; they rarely change while the screen is open. */
export const useRoleOptions = () => useQuery({ ...roleQueries.list(), staleTime: 60_000 });

/**
 * Whether a role grants nothing beyond the signed-in person's own: only such a role can be given, and only an
 * account with such a role changed (the server refuses the others). Until the roles are known, every one is.
 */
export function useWithinReach(): (roleId: string | null) => boolean {
  const roles = useRoleOptions();
  const own = useAuthStore((s) => s.user?.role.permissions);
  return useCallback(
    (roleId) => {
      const role = roleId === null ? undefined : roles.data?.find((r) => r.id === roleId);
      return !role || !own || grantsBeyond(grantsOf(own), grantsOf(role.permissions)).length === 0;
    },
    [roles.data, own],
  );
}

/** The roles as picker options; those beyond the signed-in person's own are shown but cannot be picked. */
export function useRolePicker() {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const withinReach = useWithinReach();
  return {
    loading: roles.isLoading,
    options: roles.data?.map((role) => {
      const disabled = !withinReach(role.id);
      return {
        value: role.id,
        label: disabled ? t('staff.roleBeyondOwn', { role: role.name }) : role.name,
        disabled,
      };
    }),
  };
}

/** Any account change refreshes every account list, also a failed one: it may be saved with only its mail refused. */
export function useAccountAction<V, R>(action: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
