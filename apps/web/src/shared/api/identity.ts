// Types only: the sign-in pages call these, and a runtime schema would bring zod into their download.
import type {
  activateResultSchema,
  codeSentSchema,
  consolePoliciesSchema,
  LinkPurpose,
  linkCheckResultSchema,
  RegisterBody,
  registerResultSchema,
  SignUpSettings,
  signInOptionsSchema,
  signUpSettingsSchema,
} from '@cool/shared';
import { api, typed } from '../http/client.ts';

/** The staff identity endpoints: sign-up, activation, invitations, recovery, SMS codes. */

/** Plain calls, no query library: the sign-in pages are the console's first download. */
export const signInOptions = () => api.get('/account/sign-in-options', typed<typeof signInOptionsSchema>());

export const consolePolicies = () => api.get('/account/policies', typed<typeof consolePoliciesSchema>());

export const signUpSettingsKey = ['settings', 'signUp'] as const;

export const getSignUpSettings = () => api.get('/settings/sign-up', typed<typeof signUpSettingsSchema>());

const codeSent = typed<typeof codeSentSchema>();

/** Which code a phone is sent: signing in, signing up, or recovering a password. */
export type CodePurpose = 'signIn' | 'signUp' | 'recover';

const CODE_PATHS: Record<CodePurpose, string> = {
  signIn: '/account/sms',
  signUp: '/account/register/code',
  recover: '/account/recover/sms',
};

export const sendCode = (purpose: CodePurpose, mobile: string) =>
  api.post(CODE_PATHS[purpose], codeSent, { mobile });

export const register = (body: RegisterBody) =>
  api.post('/account/register', typed<typeof registerResultSchema>(), body);

export const activate = (token: string) =>
  api.post('/account/activate', typed<typeof activateResultSchema>(), { token });

export const checkLink = (purpose: LinkPurpose, token: string) =>
  api.get('/account/links/check', typed<typeof linkCheckResultSchema>(), { params: { purpose, token } });

export const requestRecovery = (email: string) => api.post('/account/recover', null, { email });

export const resetWithLink = (token: string, password: string) =>
  api.post('/account/reset', null, { token, password });

export const resetWithCode = (body: { mobile: string; captcha: string; password: string }) =>
  api.post('/account/recover/reset', null, body);

export const acceptInvitation = (token: string, password: string) =>
  api.post('/account/invitation/accept', null, { token, password });

export const saveSignUpSettings = (body: SignUpSettings) =>
  api.put('/settings/sign-up', typed<typeof signUpSettingsSchema>(), body);
