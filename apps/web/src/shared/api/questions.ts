import {
  MAX_QUESTIONS_PER_TEST,
  type QuestionBatch,
  type QuestionInput,
  type QuestionListQuery,
  type questionBulkDeleteResultSchema,
  type questionImportResultSchema,
  type questionOrderResultSchema,
  type questionSchema,
} from '@cool/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, typed, typedPage } from '../http/client.ts';
import { testKeys } from './tests.ts';

/**
 * The questions endpoints, typed from their response schemas. A test's questions are cached under the
 * tests' keys (`testKeys.questions`); the tests feature's preview and the questions page both read them.
 */

// Types only (see `typed`): the tests list, the console's home, reads a test's questions from here.
const question = typed<typeof questionSchema>();
const questionPage = typedPage<typeof questionSchema>();

export const questionQueries = {
  /** Every question of a test, in position order (a test has at most MAX_QUESTIONS_PER_TEST). */
  ofTest: (testId: number) =>
    queryOptions({
      queryKey: testKeys.questions(testId),
      queryFn: () =>
        api.get(`/tests/${testId}/questions`, questionPage, {
          params: { pageSize: MAX_QUESTIONS_PER_TEST },
        }),
    }),
  /** The questions of a test matching a search (a keyword in either language's stem, a type), in position order. */
  search: (testId: number, filters: Pick<QuestionListQuery, 'keyword' | 'type'>) =>
    queryOptions({
      queryKey: [...testKeys.questions(testId), filters] as const,
      queryFn: () =>
        api.get(`/tests/${testId}/questions`, questionPage, {
          params: { ...filters, pageSize: MAX_QUESTIONS_PER_TEST },
        }),
      // The rows on screen stay while the next search loads.
      placeholderData: keepPreviousData,
    }),
};

export const saveQuestion = (testId: number, { id, input }: { id?: number; input: QuestionInput }) =>
  id === undefined
    ? api.post(`/tests/${testId}/questions`, question, input)
    : api.put(`/questions/${id}`, question, input);

export const deleteQuestions = async (testId: number, ids: number[]) => {
  if (ids.length === 1) await api.delete(`/questions/${ids[0]}`, null);
  else
    await api.post(`/tests/${testId}/questions/bulk-delete`, typed<typeof questionBulkDeleteResultSchema>(), {
      ids,
    });
};

/** Saves the test's question order: `ids` lists every question of the test in its new order. */
export const reorderQuestions = (testId: number, ids: number[]) =>
  api.put(`/tests/${testId}/questions/order`, typed<typeof questionOrderResultSchema>(), { ids });

export type ImportMode = 'append' | 'replace';

/** Adds pasted questions after the others in one request, all or nothing. */
export const addQuestions = (testId: number, batch: QuestionBatch) =>
  api.post(`/tests/${testId}/questions/batch`, typed<typeof questionImportResultSchema>(), batch);

export const importQuestions = (testId: number, { file, mode }: { file: File; mode: ImportMode }) => {
  const body = new FormData();
  body.append('file', file);
  return api.post(`/tests/${testId}/questions/import`, typed<typeof questionImportResultSchema>(), body, {
    params: { mode },
    // A large file takes a while to check and store.
    timeout: 60_000,
  });
};
