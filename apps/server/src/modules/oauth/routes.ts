import {
  errorEnvelopeSchema,
  identityBindingsSchema,
  loginResultSchema,
  oauthCallbackQuerySchema,
  oauthProviderParamsSchema,
  oauthProvidersSchema,
  oauthRedirectSchema,
  oauthStartQuerySchema,
  oauthTicketBodySchema,
} from '@cool/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { requireSession } from '../../http/access.ts';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

const tags = ['oauth'];

/** The browser is sent on (to the provider, or back to a console page): no body. */
const redirectResponses = {
  302: { description: 'Redirect', content: { 'text/plain': { schema: z.string() } } },
  '4xx': errorEnvelopeSchema,
  '5xx': errorEnvelopeSchema,
};

/** The cookie that ties a flow to the browser that started it (service.ts, `Flow`). */
const STATE_COOKIE = 'oauth_state';

function keepState(reply: FastifyReply, state: string) {
  reply.setCookie(STATE_COOKIE, state, {
    path: '/api/oauth',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.publicUrl.startsWith('https:'),
    maxAge: service.STATE_TTL_MS / 1000,
  });
}

const redirect = (reply: FastifyReply, location: string) =>
  reply
    .code(302)
    .header('location', location)
    .header('cache-control', 'no-store')
    .type('text/plain')
    .send('');

export async function oauthRoutes(app: ZodApp) {
  // The sign-in page shows an icon for each of these only.
  app.get(
    '/api/oauth/providers',
    {
      config: { access: { public: true } },
      schema: { tags, response: responses(oauthProvidersSchema) },
    },
    async (request) => ok(await service.configuredProviders(contextOf(request))),
  );

  app.get(
    '/api/oauth/:provider/start',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        params: oauthProviderParamsSchema,
        querystring: oauthStartQuerySchema,
        response: redirectResponses,
      },
    },
    async (request, reply) => {
      const flow = await service.startSignIn(contextOf(request), app.config, request.params.provider);
      if (typeof flow === 'string') return redirect(reply, flow);
      keepState(reply, flow.state);
      return redirect(reply, flow.url);
    },
  );

  // The provider sends the browser back here, for a sign-in or a binding alike.
  app.get(
    '/api/oauth/:provider/callback',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        params: oauthProviderParamsSchema,
        querystring: oauthCallbackQuerySchema,
        response: redirectResponses,
      },
    },
    async (request, reply) => {
      const page = await service.finish(
        contextOf(request),
        app.config,
        request.params.provider,
        request.query,
        request.cookies[STATE_COOKIE],
      );
      reply.clearCookie(STATE_COOKIE, { path: '/api/oauth' });
      return redirect(reply, page);
    },
  );

  app.post(
    '/api/oauth/ticket',
    {
      config: { access: { public: true } },
      schema: { tags, body: oauthTicketBodySchema, response: responses(loginResultSchema) },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = await service.exchangeTicket(
        contextOf(request),
        app.config,
        request.body,
        request.headers['user-agent'],
      );
      return ok(session, 'Signed in');
    },
  );

  app.get(
    '/api/account/bindings',
    {
      config: { access: { signedIn: true } },
      schema: { tags, response: responses(identityBindingsSchema) },
    },
    async (request) => ok(await service.listBindings(contextOf(request), requireSession(request).accountId)),
  );

  // Answers the provider's page for the console to open; the callback binds the identity.
  app.post(
    '/api/account/bindings/:provider',
    {
      config: { access: { signedIn: true } },
      schema: { tags, params: oauthProviderParamsSchema, response: responses(oauthRedirectSchema) },
    },
    async (request, reply) => {
      const flow = await service.startBinding(
        contextOf(request),
        app.config,
        request.params.provider,
        requireSession(request).accountId,
      );
      keepState(reply, flow.state);
      return ok({ url: flow.url });
    },
  );

  app.delete(
    '/api/account/bindings/:provider',
    {
      config: { access: { signedIn: true } },
      schema: { tags, params: oauthProviderParamsSchema, response: responses(z.null()) },
    },
    async (request) => {
      await service.unbind(contextOf(request), requireSession(request).accountId, request.params.provider);
      return ok(null, 'Unbound');
    },
  );
}
