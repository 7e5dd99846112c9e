import * as z from 'zod/mini';
import { listQuery, notBefore1900, queryText } from './list.ts';
import { TEST_STATUSES, TITLE_MAX } from './tests.ts';

/** The tests as the basic, card and search lists show them, with their records' progress: their query. */

export const testProgressQuerySchema = listQuery({
  /** Matches the title or the subtitle (the test's description), in either language. */
  keyword: z.optional(queryText(TITLE_MAX)),
  status: z.optional(z.enum(TEST_STATUSES)),
});
export type TestProgressQuery = z.input<typeof testProgressQuerySchema>;

/** The basic list's header: "this week" starts where the user's calendar starts it, so the client says when. */
export const testProgressSummaryQuerySchema = z.object({
  weekFrom: z.iso.datetime({ offset: true }).check(notBefore1900()),
});
export type TestProgressSummaryQuery = z.input<typeof testProgressSummaryQuerySchema>;
