import type { testProgressQuerySchema, testProgressSummaryQuerySchema } from '@cool/shared';
import type { z } from 'zod';
import type { ServiceContext } from '../../db/tx.ts';
import * as repo from './repository.ts';

export const listTestProgress = (ctx: ServiceContext, query: z.output<typeof testProgressQuerySchema>) =>
  repo.listTestProgress(ctx.db, query);

export const testProgressSummary = (
  ctx: ServiceContext,
  query: z.output<typeof testProgressSummaryQuerySchema>,
) => repo.testProgressSummary(ctx.db, new Date(query.weekFrom));
