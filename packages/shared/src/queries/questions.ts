import * as z from 'zod/mini';
import { listQuery, pageSizeQuery, queryText } from './list.ts';

/** A test's questions list: its query, and the values its filters name. */

export const STEM_MAX = 1000;
export const MAX_QUESTIONS_PER_TEST = 300;
export const QUESTION_TYPES = ['single', 'multiple', 'likert'] as const;

export const questionListQuerySchema = listQuery({
  pageSize: pageSizeQuery(MAX_QUESTIONS_PER_TEST, MAX_QUESTIONS_PER_TEST),
  keyword: z.optional(queryText(STEM_MAX)),
  type: z.optional(z.enum(QUESTION_TYPES)),
});
export type QuestionListQuery = z.input<typeof questionListQuerySchema>;
