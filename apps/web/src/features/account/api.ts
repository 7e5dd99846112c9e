import type {
  BackupEmailChange,
  NotificationSettings,
  PasswordChange,
  PhoneChange,
  ProfileUpdate,
} from '@cool/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { oauthKeys, oauthQueries, startBinding, unbind } from '../../shared/api/oauth.ts';
import {
  changeBackupEmail,
  changePassword,
  changePhone,
  profileKeys,
  profileQueries,
  saveNotifications,
  updateProfile,
} from '../../shared/api/profile.ts';
import {
  disableTwoStep,
  enableTwoStep,
  renewRecoveryCodes,
  startTwoStepSetup,
  twoStepKeys,
  twoStepStateQuery,
} from '../../shared/api/twoStep.ts';
import { useAuthStore } from '../../shared/session/authStore.ts';
import { loadUser } from '../../shared/session/loadUser.ts';

/** The signed-in person's own account: the account center's and account settings' requests. */

/** Requests that change nothing cached here. */
export { saveStartPage, sendBackupEmailCode, sendPhoneCode } from '../../shared/api/profile.ts';

export const useProfile = () => useQuery(profileQueries.profile());
export const useAccountActivity = () => useQuery(profileQueries.activity());
export const useNotificationChoices = () => useQuery(profileQueries.notifications());
export const useBindings = () => useQuery(oauthQueries.bindings());
export const useTwoStepState = () => useQuery(twoStepStateQuery);

/** Saves the profile: the cached one becomes the saved one, and so do the header's name, avatar and email. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return async (input: ProfileUpdate) => {
    const saved = await updateProfile(input);
    queryClient.setQueryData(profileKeys.profile(), saved);
    const { user, setUser } = useAuthStore.getState();
    if (user) setUser({ ...user, name: saved.name, avatar: saved.avatar ?? '', email: saved.email });
    return saved;
  };
}

/** A new password; the account's details (its password age among them) load again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return async (input: PasswordChange) => {
    await changePassword(input);
    await queryClient.invalidateQueries({ queryKey: profileKeys.all });
  };
}

/** A new security phone or backup email, confirmed by its code: the cached profile becomes the saved one. */
export function useChangeContact() {
  const queryClient = useQueryClient();
  return async (change: ({ kind: 'phone' } & PhoneChange) | ({ kind: 'email' } & BackupEmailChange)) => {
    const saved =
      change.kind === 'phone'
        ? await changePhone({ mobile: change.mobile, captcha: change.captcha })
        : await changeBackupEmail({ email: change.email, captcha: change.captcha });
    queryClient.setQueryData(profileKeys.profile(), saved);
  };
}

export function useSaveNotifications() {
  const queryClient = useQueryClient();
  return async (choices: NotificationSettings) => {
    const saved = await saveNotifications(choices);
    queryClient.setQueryData(profileKeys.notifications(), saved);
  };
}

/** Binding goes to the provider's sign-in page; the way back is the settings page again. */
export const useBind = () =>
  useMutation({ mutationFn: startBinding, onSuccess: ({ url }) => window.location.assign(url) });

export function useUnbind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbind,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oauthKeys.bindings }),
  });
}

/** A query, not an effect: one secret per opening, even when React mounts twice in development. */
export const useTwoStepSecret = () =>
  useQuery({
    queryKey: twoStepKeys.setup,
    queryFn: () => startTwoStepSetup(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** A new secret on request (changing the device, after proof of the old one). */
export const useNewTwoStepSecret = () => useMutation({ mutationFn: startTwoStepSetup });

/** After a change: the state here, and the user info's `twoStep` (the required-set-up screen reads it). */
export function useRefreshTwoStep() {
  const queryClient = useQueryClient();
  const token = useAuthStore((s) => s.token);
  return async () => {
    await queryClient.invalidateQueries({ queryKey: twoStepKeys.state });
    if (token) await loadUser(token).catch(() => undefined);
  };
}

export const useEnableTwoStep = (onSettled: () => void) =>
  useMutation({ mutationFn: enableTwoStep, onSettled });
export const useRenewRecoveryCodes = () => useMutation({ mutationFn: renewRecoveryCodes });

export function useDisableTwoStep(onDisabled: () => Promise<void>) {
  return useMutation({ mutationFn: disableTwoStep, onSuccess: onDisabled });
}

/** Once two-step verification is on, every screen refused while it was missing loads again. */
export function useReloadEverything() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}
