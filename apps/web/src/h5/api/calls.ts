import type {
  Answer,
  ClientMe,
  ClientRecord,
  ClientRecordDetail,
  ClientSettings,
  ClientTest,
  ClientTestDetail,
  ClientWechatConfig,
  Page,
} from '@cool/shared';
import { call } from './client.ts';
import { type PageRequest, pageQuery } from './pages.ts';

/** The client endpoints, typed by the shared contracts (types only: no zod in this app's download). */

/** The shelf in one page: a handful of tests, grouped by category on the phone. */
export const listTests = () => call<Page<ClientTest>>('GET', '/tests?pageSize=100');

export const getTest = (id: number) => call<ClientTestDetail>('GET', `/tests/${id}`);

/** My records a page at a time, newest first. */
export const listRecords = (page: PageRequest) =>
  call<Page<ClientRecord>>('GET', `/records?${pageQuery(page, 20)}`);

/** My records still being answered: one per test at most, so one page holds them. */
export const listRecordsInProgress = () =>
  call<Page<ClientRecord>>('GET', '/records?status=in_progress&pageSize=100');

export const getRecord = (id: number) => call<ClientRecordDetail>('GET', `/records/${id}`);

/** Starts a record of the test, or answers the one still in progress (resume). */
export const startRecord = (testId: number) => call<ClientRecordDetail>('POST', '/records', { testId });

export const saveAnswers = (id: number, answers: Answer[]) =>
  call<ClientRecord>('PUT', `/records/${id}/answers`, { answers });

export const submitRecord = (id: number, answers: Answer[]) =>
  call<ClientRecordDetail>('POST', `/records/${id}/submit`, { answers });

export const wechatLogin = (code: string) => call<ClientMe>('POST', '/wechat/login', { code });

/** What staff set under Settings > General: the service's name, logo, hotline, licence and policies. */
export const getSettings = () => call<ClientSettings>('GET', '/settings');

/** Whether the server has a WeChat official account to sign in through, and its app id. */
export const wechatConfig = () => call<ClientWechatConfig>('GET', '/wechat/config');
