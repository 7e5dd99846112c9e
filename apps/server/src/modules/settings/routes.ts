import {
  clientSettingsSchema,
  generalSettingsInputSchema,
  generalSettingsSchema,
  identityProvidersInputSchema,
  identityProvidersSchema,
  mailSettingsInputSchema,
  mailSettingsSchema,
  mailTestInputSchema,
  messageTestResultSchema,
  promotionInputSchema,
  promotionSchema,
  smsSettingsInputSchema,
  smsSettingsSchema,
  smsTestInputSchema,
  wechatOfficialAccountInputSchema,
  wechatOfficialAccountSchema,
  wechatPaySettingsInputSchema,
  wechatPaySettingsSchema,
  wechatPayTestResultSchema,
} from '@cool/shared';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as general from './general.ts';
import * as identityProviders from './identityProviders.ts';
import * as mail from './mail.ts';
import * as officialAccount from './officialAccount.ts';
import * as service from './service.ts';
import * as sms from './sms.ts';
import * as wechatPay from './wechatPay.ts';

const tags = ['settings'];

export async function settingRoutes(app: ZodApp) {
  // Every signed-in user's console shows the link, so reading it needs no settings permission.
  app.get(
    '/api/settings/promotion',
    {
      config: { access: { signedIn: true } },
      schema: { tags, response: responses(promotionSchema) },
    },
    async (request) => ok(await service.getPromotion(contextOf(request))),
  );

  app.put(
    '/api/settings/promotion',
    {
      config: { access: { permission: 'settings', action: 'edit' } },
      schema: { tags, body: promotionInputSchema, response: responses(promotionSchema) },
    },
    async (request) =>
      ok(await service.savePromotion(contextOf(request), request.body), 'Saved successfully'),
  );

  // The merchant's keys: write-only, shown as set-or-not with a fingerprint.
  app.get(
    '/api/settings/wechat-pay',
    {
      config: { access: { permission: 'paySettings', action: 'get' } },
      schema: { tags, response: responses(wechatPaySettingsSchema) },
    },
    async (request) => ok(await wechatPay.getWechatPay(contextOf(request))),
  );

  app.put(
    '/api/settings/wechat-pay',
    {
      config: { access: { permission: 'paySettings', action: 'edit' } },
      schema: { tags, body: wechatPaySettingsInputSchema, response: responses(wechatPaySettingsSchema) },
    },
    async (request) =>
      ok(await wechatPay.saveWechatPay(contextOf(request), request.body), 'Saved successfully'),
  );

  // One signed query with the saved keys; a failure's message says what to fix.
  app.post(
    '/api/settings/wechat-pay/test',
    {
      config: { access: { permission: 'paySettings', action: 'edit' } },
      schema: { tags, response: responses(wechatPayTestResultSchema) },
    },
    async (request) =>
      ok(await wechatPay.testWechatPay(contextOf(request), app.config.wechatPayApiBase), 'Connected'),
  );

  app.get(
    '/api/settings/general',
    {
      config: { access: { permission: 'settings', action: 'get' } },
      schema: { tags, response: responses(generalSettingsSchema) },
    },
    async (request) => ok(await general.getGeneral(contextOf(request))),
  );

  app.put(
    '/api/settings/general',
    {
      config: { access: { permission: 'settings', action: 'edit' } },
      schema: { tags, body: generalSettingsInputSchema, response: responses(generalSettingsSchema) },
    },
    async (request) => ok(await general.saveGeneral(contextOf(request), request.body), 'Saved successfully'),
  );

  // The participant app shows the service's name, logo, hotline and policies: all public.
  app.get(
    '/api/client/settings',
    {
      config: { access: { participant: true } },
      schema: { tags, response: responses(clientSettingsSchema) },
    },
    async (request) => ok(await general.getGeneral(contextOf(request))),
  );

  // The apps staff sign in through (WeChat Work, DingTalk, WeChat); their secrets are write-only.
  app.get(
    '/api/settings/identity-providers',
    {
      config: { access: { permission: 'settings', action: 'get' } },
      schema: { tags, response: responses(identityProvidersSchema) },
    },
    async (request) => ok(await identityProviders.getIdentityProviders(contextOf(request))),
  );

  app.put(
    '/api/settings/identity-providers',
    {
      config: { access: { permission: 'settings', action: 'edit' } },
      schema: { tags, body: identityProvidersInputSchema, response: responses(identityProvidersSchema) },
    },
    async (request) =>
      ok(
        await identityProviders.saveIdentityProviders(contextOf(request), request.body),
        'Saved successfully',
      ),
  );

  // The official account participants sign in with; its secret is write-only.
  app.get(
    '/api/settings/wechat-official-account',
    {
      config: { access: { permission: 'paySettings', action: 'get' } },
      schema: { tags, response: responses(wechatOfficialAccountSchema) },
    },
    async (request) => ok(await officialAccount.getOfficialAccount(contextOf(request), app.config)),
  );

  app.put(
    '/api/settings/wechat-official-account',
    {
      config: { access: { permission: 'paySettings', action: 'edit' } },
      schema: {
        tags,
        body: wechatOfficialAccountInputSchema,
        response: responses(wechatOfficialAccountSchema),
      },
    },
    async (request) =>
      ok(
        await officialAccount.saveOfficialAccount(contextOf(request), app.config, request.body),
        'Saved successfully',
      ),
  );
  // Mail and SMS: their passwords and keys are write-only; without them messages stay in the outbox.
  app.get(
    '/api/settings/mail',
    {
      config: { access: { permission: 'settings', action: 'get' } },
      schema: { tags, response: responses(mailSettingsSchema) },
    },
    async (request) => ok(await mail.getMail(contextOf(request))),
  );

  app.put(
    '/api/settings/mail',
    {
      config: { access: { permission: 'settings', action: 'edit' } },
      schema: { tags, body: mailSettingsInputSchema, response: responses(mailSettingsSchema) },
    },
    async (request) => ok(await mail.saveMail(contextOf(request), request.body), 'Saved successfully'),
  );

  app.post(
    '/api/settings/mail/test',
    {
      config: { access: { permission: 'settings', action: 'edit' } },
      schema: {
        tags,
        description:
          'Sends a test mail with the saved settings; 502 says what went wrong (mail.connectFailed, mail.timedOut, mail.tlsFailed, mail.signInRefused, mail.hostNotAllowed, mail.sendFailed), never what the server answered.',
        body: mailTestInputSchema,
        response: responses(messageTestResultSchema),
      },
    },
    async (request) => ok(await mail.testMail(contextOf(request), request.body.to), 'Sent'),
  );

  app.get(
    '/api/settings/sms',
    {
      config: { access: { permission: 'settings', action: 'get' } },
      schema: { tags, response: responses(smsSettingsSchema) },
    },
    async (request) => ok(await sms.getSms(contextOf(request))),
  );

  app.put(
    '/api/settings/sms',
    {
      config: { access: { permission: 'settings', action: 'edit' } },
      schema: { tags, body: smsSettingsInputSchema, response: responses(smsSettingsSchema) },
    },
    async (request) => ok(await sms.saveSms(contextOf(request), request.body), 'Saved successfully'),
  );

  app.post(
    '/api/settings/sms/test',
    {
      config: { access: { permission: 'settings', action: 'edit' } },
      schema: {
        tags,
        description:
          "Sends the code template (code 000000) with the saved settings; 502 sms.providerFailed carries the provider's code and message.",
        body: smsTestInputSchema,
        response: responses(messageTestResultSchema),
      },
    },
    async (request) => ok(await sms.testSms(contextOf(request), request.body.to), 'Sent'),
  );
}
