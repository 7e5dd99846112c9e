import type {
  accountActivitySchema,
  BackupEmailChange,
  codeSentSchema,
  DisplayPreferences,
  displayPreferencesSchema,
  NotificationSettings,
  notificationSettingsSchema,
  PasswordChange,
  PhoneChange,
  ProfileUpdate,
  profileSchema,
  StartPageChoice,
  startPageResultSchema,
  storedPreferencesSchema,
} from '@cool/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, typed } from '../http/client.ts';

/** The signed-in person's own account: account center and account settings. */

export const profileKeys = {
  all: ['account'] as const,
  profile: () => [...profileKeys.all, 'profile'] as const,
  notifications: () => [...profileKeys.all, 'notifications'] as const,
  activity: () => [...profileKeys.all, 'activity'] as const,
};

const profile = typed<typeof profileSchema>();
const codeSent = typed<typeof codeSentSchema>();

export const profileQueries = {
  profile: () =>
    queryOptions({ queryKey: profileKeys.profile(), queryFn: () => api.get('/account/profile', profile) }),
  notifications: () =>
    queryOptions({
      queryKey: profileKeys.notifications(),
      queryFn: () => api.get('/account/notifications', typed<typeof notificationSettingsSchema>()),
    }),
  activity: () =>
    queryOptions({
      queryKey: profileKeys.activity(),
      queryFn: () => api.get('/account/activity', typed<typeof accountActivitySchema>()),
    }),
};

export const updateProfile = (input: ProfileUpdate) => api.put('/account/profile', profile, input);
export const changePassword = (input: PasswordChange) => api.put('/account/password', null, input);
export const sendPhoneCode = (mobile: string) => api.post('/account/phone/code', codeSent, { mobile });
export const changePhone = (input: PhoneChange) => api.put('/account/phone', profile, input);
export const sendBackupEmailCode = (email: string) =>
  api.post('/account/backup-email/code', codeSent, { email });
export const changeBackupEmail = (input: BackupEmailChange) =>
  api.put('/account/backup-email', profile, input);
export const saveNotifications = (input: NotificationSettings) =>
  api.put('/account/notifications', typed<typeof notificationSettingsSchema>(), input);

export const saveStartPage = (input: StartPageChoice) =>
  api.put('/account/start-page', typed<typeof startPageResultSchema>(), input);

/** The display settings kept on the server; empty until first saved while signed in. */
export const fetchPreferences = () =>
  api.get('/account/preferences', typed<typeof storedPreferencesSchema>());
export const savePreferences = (input: DisplayPreferences) =>
  api.put('/account/preferences', typed<typeof displayPreferencesSchema>(), input);
