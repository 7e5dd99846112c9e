import type {
  Answer,
  ScoringInput,
  scoreReportSchema,
  shelfPaymentSchema,
  TestDocumentInput,
  TestInput,
  TestListQuery,
  testDetailSchema,
  testImportResultSchema,
  testSchema,
} from '@cool/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, typed, typedPage } from '../http/client.ts';

/**
 * The tests endpoints, typed from their response schemas. The tests feature and the questions feature (a
 * test's title, status and scoring) both read them.
 */

// Types only (see `typed`): the tests list is the console's home, and its schemas would bring zod along.
const testDetail = typed<typeof testDetailSchema>();
const testPage = typedPage<typeof testSchema>();

/** Query keys; `all` also covers a test's questions, so the list's counts refresh with them. */
export const testKeys = {
  all: ['tests'] as const,
  list: (query: TestListQuery) => [...testKeys.all, 'list', query] as const,
  detail: (id: number) => [...testKeys.all, 'detail', id] as const,
  questions: (id: number) => [...testKeys.all, 'questions', id] as const,
  shelfPayment: () => [...testKeys.all, 'shelfPayment'] as const,
};

export const testQueries = {
  list: (query: TestListQuery) =>
    queryOptions({
      queryKey: testKeys.list(query),
      queryFn: () => api.get('/tests', testPage, { params: query }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({ queryKey: testKeys.detail(id), queryFn: () => api.get(`/tests/${id}`, testDetail) }),
  /** Priced tests on the shelf, and whether WeChat Pay can take their payments. */
  shelfPayment: () =>
    queryOptions({
      queryKey: testKeys.shelfPayment(),
      queryFn: () => api.get('/tests/shelf-payment', typed<typeof shelfPaymentSchema>()),
    }),
};

export const saveTest = ({ id, input }: { id?: number; input: TestInput }) =>
  id === undefined ? api.post('/tests', testDetail, input) : api.put(`/tests/${id}`, testDetail, input);

export type TestAction = 'publish' | 'unpublish' | 'duplicate' | 'delete';

export const runTestAction = ({ id, action }: { id: number; action: TestAction }) =>
  action === 'delete' ? api.delete(`/tests/${id}`, null) : api.post(`/tests/${id}/${action}`, testDetail);

export const importTest = (document: TestDocumentInput) =>
  api.post('/tests/import', typed<typeof testImportResultSchema>(), document);

/** `version`: the `updateTime` of the test the editor started from; a test changed since answers 412. */
export const saveScoring = (id: number, scoring: ScoringInput, version: string) =>
  api.put(`/tests/${id}/scoring`, testDetail, scoring, { ifMatch: version });

/** The server's report for these answers (the preview compares it with the console's own). */
export const scoreOnServer = (id: number, answers: Answer[]) =>
  api.post(`/tests/${id}/score`, typed<typeof scoreReportSchema>(), { answers });
