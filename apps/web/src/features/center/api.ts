import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  saveGeneralSettings,
  saveWechatOfficialAccount,
  saveWechatPaySettings,
  settingsKeys,
  settingsQueries,
  testWechatPayConnection,
} from '../../shared/api/settings.ts';
import { testKeys } from '../../shared/api/tests.ts';

export const useGeneralSettings = () => useQuery(settingsQueries.general());
export const useWechatOfficialAccount = () => useQuery(settingsQueries.wechatOfficialAccount());
export const useWechatPaySettings = () => useQuery(settingsQueries.wechatPay());

/** A save whose answer is the saved section: it replaces the cached one. */
function useSave<I, R>(save: (input: I) => Promise<R>, key: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: save, onSuccess: (saved) => queryClient.setQueryData(key, saved) });
}

export const useSaveGeneral = () => useSave(saveGeneralSettings, settingsKeys.general);
export const useSaveWechatOfficialAccount = () =>
  useSave(saveWechatOfficialAccount, settingsKeys.wechatOfficialAccount);
export function useSaveWechatPay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWechatPaySettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.wechatPay, saved);
      // Whether priced tests on the shelf can be paid for follows (ShelfPaymentWarning).
      void queryClient.invalidateQueries({ queryKey: testKeys.shelfPayment() });
    },
  });
}

export const useTestWechatPay = () => useMutation({ mutationFn: testWechatPayConnection });
