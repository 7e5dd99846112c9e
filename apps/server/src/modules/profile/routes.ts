import {
  accountActivitySchema,
  backupEmailChangeSchema,
  backupEmailCodeSchema,
  codeSentSchema,
  notificationSettingsSchema,
  passwordChangeSchema,
  phoneChangeSchema,
  phoneCodeSchema,
  profileSchema,
  profileUpdateSchema,
  startPageResultSchema,
  startPageSchema,
  storedPreferencesSchema,
} from '@cool/shared';
import { z } from 'zod';
import { requireSession } from '../../http/access.ts';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

const tags = ['account'];
// One's own account needs no permission: only a session.
const config = { access: { signedIn: true } } as const;

export async function profileRoutes(app: ZodApp) {
  app.get(
    '/api/account/profile',
    { config, schema: { tags, response: responses(profileSchema) } },
    async (request) => ok(await service.getProfile(contextOf(request), requireSession(request))),
  );

  app.put(
    '/api/account/profile',
    { config, schema: { tags, body: profileUpdateSchema, response: responses(profileSchema) } },
    async (request) =>
      ok(
        await service.updateProfile(
          contextOf(request),
          app.config.loginThrottle,
          requireSession(request),
          request.body,
        ),
        'Update basic information successfully',
      ),
  );

  app.put(
    '/api/account/password',
    { config, schema: { tags, body: passwordChangeSchema, response: responses(z.null()) } },
    async (request) => {
      await service.changePassword(
        contextOf(request),
        app.config.loginThrottle,
        requireSession(request),
        request.body,
      );
      return ok(null, 'Password changed');
    },
  );

  app.post(
    '/api/account/phone/code',
    { config, schema: { tags, body: phoneCodeSchema, response: responses(codeSentSchema) } },
    async (request) =>
      ok(await service.sendPhoneCode(contextOf(request), requireSession(request), request.body.mobile)),
  );

  app.put(
    '/api/account/phone',
    { config, schema: { tags, body: phoneChangeSchema, response: responses(profileSchema) } },
    async (request) =>
      ok(
        await service.changePhone(contextOf(request), requireSession(request), request.body),
        'Phone changed',
      ),
  );

  app.post(
    '/api/account/backup-email/code',
    { config, schema: { tags, body: backupEmailCodeSchema, response: responses(codeSentSchema) } },
    async (request) =>
      ok(await service.sendBackupEmailCode(contextOf(request), requireSession(request), request.body.email)),
  );

  app.put(
    '/api/account/backup-email',
    { config, schema: { tags, body: backupEmailChangeSchema, response: responses(profileSchema) } },
    async (request) =>
      ok(
        await service.changeBackupEmail(contextOf(request), requireSession(request), request.body),
        'Backup email changed',
      ),
  );

  app.get(
    '/api/account/preferences',
    { config, schema: { tags, response: responses(storedPreferencesSchema) } },
    async (request) => ok(await service.getPreferences(contextOf(request), requireSession(request))),
  );

  app.put(
    '/api/account/preferences',
    {
      config,
      schema: { tags, body: storedPreferencesSchema, response: responses(storedPreferencesSchema) },
    },
    async (request) =>
      ok(await service.savePreferences(contextOf(request), requireSession(request), request.body), 'Saved'),
  );

  app.put(
    '/api/account/start-page',
    { config, schema: { tags, body: startPageSchema, response: responses(startPageResultSchema) } },
    async (request) =>
      ok(await service.saveStartPage(contextOf(request), requireSession(request), request.body), 'Saved'),
  );

  app.get(
    '/api/account/notifications',
    { config, schema: { tags, response: responses(notificationSettingsSchema) } },
    async (request) => ok(await service.getNotifications(contextOf(request), requireSession(request))),
  );

  app.put(
    '/api/account/notifications',
    {
      config,
      schema: { tags, body: notificationSettingsSchema, response: responses(notificationSettingsSchema) },
    },
    async (request) =>
      ok(await service.saveNotifications(contextOf(request), requireSession(request), request.body), 'Saved'),
  );

  app.get(
    '/api/account/activity',
    { config, schema: { tags, response: responses(accountActivitySchema) } },
    async (request) => ok(await service.getActivity(contextOf(request), requireSession(request))),
  );
}
