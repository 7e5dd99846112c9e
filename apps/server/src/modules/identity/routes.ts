import {
  activateResultSchema,
  codeSentSchema,
  consolePoliciesSchema,
  linkCheckQuerySchema,
  linkCheckResultSchema,
  linkPasswordBodySchema,
  mobileCodeBodySchema,
  recoverBodySchema,
  registerBodySchema,
  registerResultSchema,
  signInOptionsSchema,
  signUpSettingsInputSchema,
  signUpSettingsSchema,
  smsResetBodySchema,
  tokenBodySchema,
} from '@cool/shared';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

const tags = ['identity'];
const open = { access: { public: true } } as const;

export async function identityRoutes(app: ZodApp) {
  app.get(
    '/api/account/sign-in-options',
    { config: open, schema: { tags, response: responses(signInOptionsSchema) } },
    async (request) => ok(await service.signInOptions(contextOf(request))),
  );

  app.get(
    '/api/account/policies',
    { config: open, schema: { tags, response: responses(consolePoliciesSchema) } },
    async (request) => ok(await service.consolePolicies(contextOf(request))),
  );

  app.post(
    '/api/account/sms',
    { config: open, schema: { tags, body: mobileCodeBodySchema, response: responses(codeSentSchema) } },
    async (request) => ok(await service.sendSignInCode(contextOf(request), request.body.mobile), 'Code sent'),
  );

  app.post(
    '/api/account/register/code',
    { config: open, schema: { tags, body: mobileCodeBodySchema, response: responses(codeSentSchema) } },
    async (request) => ok(await service.sendSignUpCode(contextOf(request), request.body.mobile), 'Code sent'),
  );

  app.post(
    '/api/account/register',
    { config: open, schema: { tags, body: registerBodySchema, response: responses(registerResultSchema) } },
    async (request) =>
      ok(
        await service.register(contextOf(request), app.config.publicUrl, request.body),
        'Activation email sent',
      ),
  );

  app.post(
    '/api/account/activate',
    { config: open, schema: { tags, body: tokenBodySchema, response: responses(activateResultSchema) } },
    async (request) => ok(await service.activate(contextOf(request), request.body.token), 'Activated'),
  );

  app.get(
    '/api/account/links/check',
    {
      config: open,
      schema: { tags, querystring: linkCheckQuerySchema, response: responses(linkCheckResultSchema) },
    },
    async (request) =>
      ok(await service.checkLink(contextOf(request), request.query.purpose, request.query.token)),
  );

  app.post(
    '/api/account/invitation/accept',
    { config: open, schema: { tags, body: linkPasswordBodySchema, response: responses(z.null()) } },
    async (request) => {
      await service.acceptInvitation(contextOf(request), request.body.token, request.body.password);
      return ok(null, 'Password set');
    },
  );

  app.post(
    '/api/account/recover',
    { config: open, schema: { tags, body: recoverBodySchema, response: responses(z.null()) } },
    async (request) => {
      await service.requestRecovery(contextOf(request), app.config.publicUrl, request.body.email);
      return ok(null, 'If the address belongs to an account, a link is on its way');
    },
  );

  app.post(
    '/api/account/reset',
    { config: open, schema: { tags, body: linkPasswordBodySchema, response: responses(z.null()) } },
    async (request) => {
      await service.resetWithLink(contextOf(request), request.body.token, request.body.password);
      return ok(null, 'Password changed');
    },
  );

  app.post(
    '/api/account/recover/sms',
    { config: open, schema: { tags, body: mobileCodeBodySchema, response: responses(codeSentSchema) } },
    async (request) =>
      ok(await service.sendRecoveryCode(contextOf(request), request.body.mobile), 'Code sent'),
  );

  app.post(
    '/api/account/recover/reset',
    { config: open, schema: { tags, body: smsResetBodySchema, response: responses(z.null()) } },
    async (request) => {
      await service.resetWithCode(contextOf(request), request.body);
      return ok(null, 'Password changed');
    },
  );

  app.get(
    '/api/settings/sign-up',
    {
      config: { access: { permission: 'settings', action: 'get' } },
      schema: { tags, response: responses(signUpSettingsSchema) },
    },
    async (request) => ok(await service.getSignUp(contextOf(request))),
  );

  app.put(
    '/api/settings/sign-up',
    {
      config: { access: { permission: 'settings', action: 'edit' } },
      schema: { tags, body: signUpSettingsInputSchema, response: responses(signUpSettingsSchema) },
    },
    async (request) => ok(await service.saveSignUp(contextOf(request), request.body), 'Saved successfully'),
  );
}
