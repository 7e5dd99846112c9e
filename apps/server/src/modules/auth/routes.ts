import {
  loginBodySchema,
  loginResultSchema,
  navResultSchema,
  twoStepBodySchema,
  twoStepResultSchema,
  userInfoSchema,
} from '@cool/shared';
import { z } from 'zod';
import { requireSession } from '../../http/access.ts';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

export async function authRoutes(app: ZodApp) {
  app.post(
    '/api/account/login',
    {
      config: { access: { public: true } },
      schema: { tags: ['auth'], body: loginBodySchema, response: responses(loginResultSchema) },
    },
    async (request, reply) => {
      // The answer carries the token: no cache (browser or proxy) may keep it.
      reply.header('cache-control', 'no-store');
      const { username, password, mobile, captcha, remember_me, twoStepCode } = request.body;
      // The schema asks for username and password, or (the mobile tab) mobile and its code in captcha.
      const credentials =
        mobile === undefined
          ? { login: username ?? '', password: password ?? '' }
          : { login: mobile, password: captcha ?? '', by: 'sms' as const };
      const attempt = {
        ...credentials,
        twoStepCode,
        userAgent: request.headers['user-agent'],
        idleHours: remember_me ? undefined : app.config.sessionIdleHours,
      };
      return ok(await service.signIn(contextOf(request), app.config.loginThrottle, attempt), 'Signed in');
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: { signedIn: true, duringTwoStepSetup: true } },
      schema: { tags: ['auth'], response: responses(z.null()) },
    },
    async (request) => {
      await service.signOut(contextOf(request), requireSession(request));
      return ok(null, 'Signed out');
    },
  );

  app.post(
    '/api/auth/2step-code',
    {
      config: { access: { public: true } },
      schema: { tags: ['auth'], body: twoStepBodySchema, response: responses(twoStepResultSchema) },
    },
    async (request) => ok(await service.twoStepCode(contextOf(request))),
  );

  app.get(
    '/api/user/info',
    {
      config: { access: { signedIn: true, duringTwoStepSetup: true } },
      schema: { tags: ['auth'], response: responses(userInfoSchema) },
    },
    async (request) => ok(await service.userInfo(contextOf(request), requireSession(request))),
  );

  app.get(
    '/api/user/nav',
    {
      config: { access: { signedIn: true, duringTwoStepSetup: true } },
      schema: { tags: ['auth'], response: responses(navResultSchema) },
    },
    async (request) => ok(service.navFor(requireSession(request).grants)),
  );
}
