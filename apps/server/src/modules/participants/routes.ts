import {
  clientMeInputSchema,
  clientMeSchema,
  clientSessionInputSchema,
  clientSessionSchema,
  clientWechatConfigSchema,
  idParamsSchema,
  type ParticipantStatus,
  pageSchema,
  participantActivityQuerySchema,
  participantActivitySchema,
  participantDetailSchema,
  participantExportSchema,
  participantListQuerySchema,
  participantSchema,
  participantSummarySchema,
  wechatLoginInputSchema,
} from '@cool/shared';
import { type Access, requireParticipant, requireSession } from '../../http/access.ts';
import { contextOf } from '../../http/context.ts';
import { documentResponses, ok, responses, sendDocument } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { wechatSignIn } from '../settings/officialAccount.ts';
import { minuteLimit } from './limits.ts';
import * as service from './service.ts';

/** The participant's own side: `/api/client/*`, with a participant token. */
export async function clientSessionRoutes(app: ZodApp) {
  const tags = ['client'];
  // Each new session is a new participant: an address may start only a few a minute.
  const perAddress = minuteLimit(app, app.config.clientSessionRateLimitMax, (r) => `client-session:${r.ip}`);

  app.post(
    '/api/client/session',
    {
      config: { access: { public: true } },
      ...(perAddress && { onRequest: perAddress }),
      schema: {
        tags,
        body: clientSessionInputSchema.nullish(),
        response: responses(clientSessionSchema, 201),
      },
    },
    async (request, reply) => {
      const session = await service.startClientSession(contextOf(request), {
        locale: request.body?.locale,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.code(201).send(ok(session, 'Session started'));
    },
  );

  app.get(
    '/api/client/me',
    {
      config: { access: { participant: true } },
      schema: { tags, response: responses(clientMeSchema) },
    },
    async (request) => ok(await service.clientMe(contextOf(request), requireParticipant(request))),
  );

  app.put(
    '/api/client/me',
    {
      config: { access: { participant: true } },
      schema: { tags, body: clientMeInputSchema, response: responses(clientMeSchema) },
    },
    async (request) =>
      ok(await service.updateClientMe(contextOf(request), requireParticipant(request), request.body)),
  );

  // The app id is public (it is in every OAuth link); the secret never leaves the server.
  app.get(
    '/api/client/wechat/config',
    {
      config: { access: { participant: true } },
      schema: { tags, response: responses(clientWechatConfigSchema) },
    },
    async (request) => ok({ appId: (await wechatSignIn(contextOf(request), app.config))?.appId ?? null }),
  );

  app.post(
    '/api/client/wechat/login',
    {
      config: { access: { participant: true } },
      schema: { tags, body: wechatLoginInputSchema, response: responses(clientMeSchema) },
    },
    async (request) =>
      ok(
        await service.wechatLogin(
          contextOf(request),
          await wechatSignIn(contextOf(request), app.config),
          requireParticipant(request),
          request.body.code,
        ),
        'Signed in with WeChat',
      ),
  );
}

/** Staff: the participants screen. */
export async function participantRoutes(app: ZodApp) {
  const tags = ['participants'];
  /** What a participant did or holds, by area: each area needs its list permission. */
  const ANY_AREA: Access = {
    anyOf: [
      { permission: 'records', action: 'query' },
      { permission: 'orders', action: 'query' },
      { permission: 'alerts', action: 'query' },
    ],
  };

  app.get(
    '/api/participants',
    {
      config: { access: { permission: 'participants', action: 'query' } },
      schema: {
        tags,
        querystring: participantListQuerySchema,
        response: responses(pageSchema(participantSchema)),
      },
    },
    async (request) => ok(await service.listParticipants(contextOf(request), request.query)),
  );

  app.get(
    '/api/participants/:id',
    {
      config: { access: { permission: 'participants', action: 'get' } },
      schema: { tags, params: idParamsSchema, response: responses(participantDetailSchema) },
    },
    async (request) => ok(await service.getParticipant(contextOf(request), request.params.id)),
  );

  app.get(
    '/api/participants/:id/activity',
    {
      // Each area's events need that area's list permission; a role with none of them has no activity to see.
      config: { access: ANY_AREA },
      schema: {
        tags,
        description:
          'What the participant did, newest first: records started and submitted, orders made and paid, ' +
          'alerts raised. Each area is included only when the role may list it (`records.query`, ' +
          '`orders.query`, `alerts.query`). A full page with more after it carries `nextCursor`.',
        params: idParamsSchema,
        querystring: participantActivityQuerySchema,
        response: responses(pageSchema(participantActivitySchema)),
      },
    },
    async (request) =>
      ok(
        await service.participantActivity(
          contextOf(request),
          requireSession(request).grants,
          request.params.id,
          request.query,
        ),
      ),
  );

  app.get(
    '/api/participants/:id/summary',
    {
      config: { access: ANY_AREA },
      schema: {
        tags,
        description:
          'The profile figures in one call: records submitted (with `records.query`), paid less refunded in ' +
          'fen (`orders.query`) and open alerts, new or contacted (`alerts.query`); a figure the role may not ' +
          'list is left out.',
        params: idParamsSchema,
        response: responses(participantSummarySchema),
      },
    },
    async (request) =>
      ok(
        await service.participantSummary(
          contextOf(request),
          requireSession(request).grants,
          request.params.id,
        ),
      ),
  );

  for (const [path, action, status, message] of [
    ['block', 'disable', 'blocked', 'Participant blocked'],
    ['unblock', 'enable', 'active', 'Participant unblocked'],
  ] as const satisfies [string, string, ParticipantStatus, string][]) {
    app.post(
      `/api/participants/:id/${path}`,
      {
        config: { access: { permission: 'participants', action } },
        schema: { tags, params: idParamsSchema, response: responses(participantSchema) },
      },
      async (request) =>
        ok(await service.setParticipantStatus(contextOf(request), request.params.id, status), message),
    );
  }

  // A file download: the bare document (no envelope), as the participant is given it.
  app.get(
    '/api/participants/:id/export',
    {
      config: { access: { permission: 'participants', action: 'export' } },
      schema: {
        tags,
        params: idParamsSchema,
        response: documentResponses(participantExportSchema),
      },
    },
    async (request, reply) => {
      const document = await service.exportParticipant(contextOf(request), request.params.id);
      return sendDocument(reply, `participant-${request.params.id}.json`, document);
    },
  );

  app.post(
    '/api/participants/:id/erase',
    {
      config: { access: { permission: 'participants', action: 'delete' } },
      schema: { tags, params: idParamsSchema, response: responses(participantSchema) },
    },
    async (request) =>
      ok(await service.eraseParticipant(contextOf(request), request.params.id), 'Participant erased'),
  );
}
