import {
  pageSchema,
  testProgressQuerySchema,
  testProgressSchema,
  testProgressSummaryQuerySchema,
  testProgressSummarySchema,
} from '@cool/shared';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

/** The template's lists on the tests: each test with how far its records got (basic, card, search lists). */
export async function listsRoutes(app: ZodApp) {
  const tags = ['lists'];

  app.get(
    '/api/lists/tests',
    {
      config: { access: { permission: 'tests', action: 'query' } },
      schema: {
        tags,
        querystring: testProgressQuerySchema,
        response: responses(pageSchema(testProgressSchema)),
      },
    },
    async (request) => ok(await service.listTestProgress(contextOf(request), request.query)),
  );

  app.get(
    '/api/lists/tests/summary',
    {
      config: { access: { permission: 'tests', action: 'query' } },
      schema: {
        tags,
        querystring: testProgressSummaryQuerySchema,
        response: responses(testProgressSummarySchema),
      },
    },
    async (request) => ok(await service.testProgressSummary(contextOf(request), request.query)),
  );
}
