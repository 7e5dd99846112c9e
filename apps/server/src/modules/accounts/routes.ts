import {
  accountApproveSchema,
  accountCreateSchema,
  accountListQuerySchema,
  accountSchema,
  accountUpdateSchema,
  idParamsSchema,
  pageSchema,
  passwordResetSchema,
  signInEntrySchema,
  signInListQuerySchema,
} from '@cool/shared';
import { z } from 'zod';
import { requireSession } from '../../http/access.ts';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

const tags = ['accounts'];

export async function accountRoutes(app: ZodApp) {
  app.get(
    '/api/accounts',
    {
      config: { access: { permission: 'accounts', action: 'query' } },
      schema: { tags, querystring: accountListQuerySchema, response: responses(pageSchema(accountSchema)) },
    },
    async (request) => ok(await service.listAccounts(contextOf(request), request.query)),
  );

  app.get(
    '/api/accounts/:id',
    {
      config: { access: { permission: 'accounts', action: 'get' } },
      schema: { tags, params: idParamsSchema, response: responses(accountSchema) },
    },
    async (request) => ok(await service.getAccount(contextOf(request), request.params.id)),
  );

  app.post(
    '/api/accounts',
    {
      config: { access: { permission: 'accounts', action: 'add' } },
      schema: { tags, body: accountCreateSchema, response: responses(accountSchema, 201) },
    },
    async (request, reply) => {
      const account = await service.createAccount(
        contextOf(request),
        requireSession(request),
        request.body,
        app.config.publicUrl,
      );
      return reply.code(201).send(ok(account, 'Account created'));
    },
  );

  app.put(
    '/api/accounts/:id',
    {
      config: { access: { permission: 'accounts', action: 'edit' } },
      schema: {
        tags,
        params: idParamsSchema,
        body: accountUpdateSchema,
        response: responses(accountSchema),
      },
    },
    async (request) =>
      ok(
        await service.updateAccount(
          contextOf(request),
          requireSession(request),
          request.params.id,
          request.body,
        ),
        'Account updated',
      ),
  );

  app.get(
    '/api/accounts/:id/sign-ins',
    {
      config: { access: { permission: 'accounts', action: 'get' } },
      schema: {
        tags,
        description: 'Sign-in attempts of the account, newest first: successes, failures and locks.',
        params: idParamsSchema,
        querystring: signInListQuerySchema,
        response: responses(pageSchema(signInEntrySchema)),
      },
    },
    async (request) => ok(await service.listSignIns(contextOf(request), request.params.id, request.query)),
  );

  app.delete(
    '/api/accounts/:id',
    {
      config: { access: { permission: 'accounts', action: 'delete' } },
      schema: {
        tags,
        description:
          'Rejects a pending sign-up or withdraws an invitation; other accounts are disabled instead.',
        params: idParamsSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await service.deleteAccount(contextOf(request), requireSession(request), request.params.id);
      return ok(null, 'Account deleted');
    },
  );

  for (const status of ['enabled', 'disabled'] as const) {
    const action = status === 'enabled' ? 'enable' : 'disable';
    app.post(
      `/api/accounts/:id/${action}`,
      {
        config: { access: { permission: 'accounts', action } },
        schema: { tags, params: idParamsSchema, response: responses(accountSchema) },
      },
      async (request) =>
        ok(
          await service.setAccountStatus(
            contextOf(request),
            requireSession(request),
            request.params.id,
            status,
          ),
        ),
    );
  }

  app.post(
    '/api/accounts/:id/approve',
    {
      config: { access: { permission: 'accounts', action: 'edit' } },
      schema: {
        tags,
        description: 'Gives a pending sign-up that has confirmed its email a role and enables it.',
        params: idParamsSchema,
        body: accountApproveSchema,
        response: responses(accountSchema),
      },
    },
    async (request) =>
      ok(
        await service.approveAccount(
          contextOf(request),
          requireSession(request),
          request.params.id,
          request.body.roleId,
        ),
      ),
  );

  app.post(
    '/api/accounts/:id/invitation',
    {
      config: { access: { permission: 'accounts', action: 'add' } },
      schema: {
        tags,
        description: 'Mails an invited account a new invitation link.',
        params: idParamsSchema,
        response: responses(accountSchema),
      },
    },
    async (request) =>
      ok(
        await service.resendInvitation(
          contextOf(request),
          requireSession(request),
          request.params.id,
          app.config.publicUrl,
        ),
      ),
  );

  app.post(
    '/api/accounts/:id/reset-password',
    {
      config: { access: { permission: 'accounts', action: 'edit' } },
      schema: {
        tags,
        description:
          'Mails a recovery link when mail works, else answers a temporary password once; ends its sessions.',
        params: idParamsSchema,
        response: responses(passwordResetSchema),
      },
    },
    async (request) =>
      ok(
        await service.resetPassword(
          contextOf(request),
          requireSession(request),
          request.params.id,
          app.config.publicUrl,
        ),
      ),
  );

  app.post(
    '/api/accounts/:id/revoke-sessions',
    {
      config: { access: { permission: 'accounts', action: 'edit' } },
      schema: {
        tags,
        description: 'Signs the account out everywhere.',
        params: idParamsSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await service.revokeSessions(contextOf(request), requireSession(request), request.params.id);
      return ok(null, 'Signed out everywhere');
    },
  );
}
