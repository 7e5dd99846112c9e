import {
  goalBulkDeleteResultSchema,
  goalChoiceQuerySchema,
  goalIdsSchema,
  goalInputSchema,
  goalListQuerySchema,
  goalPersonSchema,
  goalSchema,
  goalTestSchema,
  idParamsSchema,
  pageSchema,
} from '@cool/shared';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

const tags = ['goals'];

export async function goalsRoutes(app: ZodApp) {
  app.get(
    '/api/goals',
    {
      config: { access: { permission: 'goals', action: 'query' } },
      schema: { tags, querystring: goalListQuerySchema, response: responses(pageSchema(goalSchema)) },
    },
    async (request) => ok(await service.listGoals(contextOf(request), request.query)),
  );

  // The form's pickers: whoever may see goals may see who can be invited and which tests can be targeted,
  // without the staff or tests permissions.
  app.get(
    '/api/goals/staff',
    {
      config: { access: { permission: 'goals', action: 'query' } },
      schema: { tags, querystring: goalChoiceQuerySchema, response: responses(z.array(goalPersonSchema)) },
    },
    async (request) => ok(await service.staffChoices(contextOf(request), request.query)),
  );

  app.get(
    '/api/goals/tests',
    {
      config: { access: { permission: 'goals', action: 'query' } },
      schema: { tags, querystring: goalChoiceQuerySchema, response: responses(z.array(goalTestSchema)) },
    },
    async (request) => ok(await service.testChoices(contextOf(request), request.query)),
  );

  app.get(
    '/api/goals/:id',
    {
      config: { access: { permission: 'goals', action: 'get' } },
      schema: { tags, params: idParamsSchema, response: responses(goalSchema) },
    },
    async (request) => ok(await service.getGoal(contextOf(request), request.params.id)),
  );

  app.post(
    '/api/goals',
    {
      config: { access: { permission: 'goals', action: 'add' } },
      schema: { tags, body: goalInputSchema, response: responses(goalSchema, 201) },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await service.createGoal(contextOf(request), request.body), 'Submit successfully')),
  );

  app.put(
    '/api/goals/:id',
    {
      config: { access: { permission: 'goals', action: 'edit' } },
      schema: { tags, params: idParamsSchema, body: goalInputSchema, response: responses(goalSchema) },
    },
    async (request) =>
      ok(
        await service.updateGoal(contextOf(request), request.params.id, request.body),
        'Submit successfully',
      ),
  );

  app.delete(
    '/api/goals/:id',
    {
      config: { access: { permission: 'goals', action: 'delete' } },
      schema: { tags, params: idParamsSchema, response: responses(z.null()) },
    },
    async (request) => {
      await service.deleteGoals(contextOf(request), [request.params.id]);
      return ok(null, 'Goal deleted');
    },
  );

  app.post(
    '/api/goals/bulk-delete',
    {
      config: { access: { permission: 'goals', action: 'delete' } },
      schema: { tags, body: goalIdsSchema, response: responses(goalBulkDeleteResultSchema) },
    },
    async (request) => {
      const deleted = await service.deleteGoals(contextOf(request), request.body.ids);
      return ok({ deleted }, `${deleted} goals deleted`);
    },
  );
}
