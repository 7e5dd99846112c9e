// Types only: a runtime schema (or the query library) would join the download of every page that imports this.
import type {
  recoveryCodesSchema,
  TwoStepDisableBody,
  TwoStepSetupBody,
  twoStepSetupSchema,
  twoStepStateSchema,
} from '@cool/shared';
import { api, typed } from '../http/client.ts';

/** Two-step verification: each person's own enrolment. */

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

/** `proof` (the password and a current code) only to change the device while two-step verification is on. */
export const startTwoStepSetup = (proof?: TwoStepSetupBody) =>
  api.post(`${PATH}/setup`, typed<typeof twoStepSetupSchema>(), proof);

export const enableTwoStep = (code: string) => api.post(`${PATH}/enable`, recoveryCodes, { code });

export const renewRecoveryCodes = (code: string) =>
  api.post(`${PATH}/recovery-codes`, recoveryCodes, { code });

export const disableTwoStep = (body: TwoStepDisableBody) => api.post(`${PATH}/disable`, null, body);
