// Types only: the login page asks `twoStepCode`, and a runtime schema (or the query library) would join its download.
import type {
  recoveryCodesSchema,
  TwoStepDisableBody,
  twoStepResultSchema,
  twoStepSetupSchema,
  twoStepStateSchema,
} from '@cool/shared';
import { api, typed } from '../http/client.ts';

/** Two-step verification (issue 11): the sign-in's question, and each person's own enrolment. */

/** Whether the account the login names asks for a code at sign-in (`stepCode: 1`). */
export const twoStepCode = (username: string) =>
  api.post('/auth/2step-code', typed<typeof twoStepResultSchema>(), { username });

const PATH = '/account/two-step';
const recoveryCodes = typed<typeof recoveryCodesSchema>();

// Apart: refreshing the state must not ask for another secret.
export const twoStepKeys = {
  state: ['account', 'twoStep'] as const,
  setup: ['account', 'twoStepSetup'] as const,
};

/** A plain query object (react-query takes it as is), so this module brings no query library along. */
export const twoStepStateQuery = {
  queryKey: twoStepKeys.state,
  queryFn: () => api.get(PATH, typed<typeof twoStepStateSchema>()),
};

export const startTwoStepSetup = () => api.post(`${PATH}/setup`, typed<typeof twoStepSetupSchema>());

export const enableTwoStep = (code: string) => api.post(`${PATH}/enable`, recoveryCodes, { code });

export const renewRecoveryCodes = (code: string) =>
  api.post(`${PATH}/recovery-codes`, recoveryCodes, { code });

export const disableTwoStep = (body: TwoStepDisableBody) => api.post(`${PATH}/disable`, null, body);
