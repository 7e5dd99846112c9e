import {
  recoveryCodesSchema,
  twoStepCodeBodySchema,
  twoStepDisableBodySchema,
  twoStepSetupBodySchema,
  twoStepSetupSchema,
  twoStepStateSchema,
} from '@cool/shared';
import { z } from 'zod';
import { requireSession } from '../../http/access.ts';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

const tags = ['two-step'];
// Each person manages their own; a role that requires it leaves a session only these (and sign-out) until then.
const access = { signedIn: true, duringTwoStepSetup: true } as const;

export async function twoStepRoutes(app: ZodApp) {
  app.get(
    '/api/account/two-step',
    { config: { access }, schema: { tags, response: responses(twoStepStateSchema) } },
    async (request) => ok(await service.twoStepState(contextOf(request), requireSession(request).accountId)),
  );

  app.post(
    '/api/account/two-step/setup',
    {
      config: { access },
      schema: { tags, body: twoStepSetupBodySchema, response: responses(twoStepSetupSchema) },
    },
    async (request) => {
      const { accountId } = requireSession(request);
      const setup = await service.startSetup(
        contextOf(request),
        app.config.loginThrottle,
        accountId,
        request.body,
      );
      return ok(setup, 'Scan the code with an authenticator app');
    },
  );

  app.post(
    '/api/account/two-step/enable',
    {
      config: { access },
      schema: { tags, body: twoStepCodeBodySchema, response: responses(recoveryCodesSchema) },
    },
    async (request) => {
      const { accountId } = requireSession(request);
      return ok(await service.enable(contextOf(request), accountId, request.body.code), 'Two-step on');
    },
  );

  app.post(
    '/api/account/two-step/recovery-codes',
    {
      config: { access },
      schema: { tags, body: twoStepCodeBodySchema, response: responses(recoveryCodesSchema) },
    },
    async (request) => {
      const { accountId } = requireSession(request);
      return ok(
        await service.renewRecoveryCodes(
          contextOf(request),
          app.config.loginThrottle,
          accountId,
          request.body.code,
        ),
      );
    },
  );

  app.post(
    '/api/account/two-step/disable',
    {
      config: { access },
      schema: { tags, body: twoStepDisableBodySchema, response: responses(z.null()) },
    },
    async (request) => {
      const { accountId } = requireSession(request);
      await service.disable(contextOf(request), app.config.loginThrottle, accountId, request.body);
      return ok(null, 'Two-step off');
    },
  );
}
