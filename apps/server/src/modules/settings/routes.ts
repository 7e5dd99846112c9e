import {
  promotionInputSchema,
  promotionSchema,
  wechatPaySettingsInputSchema,
  wechatPaySettingsSchema,
} from '@cool/shared';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';
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
      config: { access: { permission: 'settings', action: 'get' } },
      schema: { tags, response: responses(wechatPaySettingsSchema) },
    },
    async (request) => ok(await wechatPay.getWechatPay(contextOf(request))),
  );

  app.put(
    '/api/settings/wechat-pay',
    {
      config: { access: { permission: 'settings', action: 'edit' } },
      schema: { tags, body: wechatPaySettingsInputSchema, response: responses(wechatPaySettingsSchema) },
    },
    async (request) =>
      ok(await wechatPay.saveWechatPay(contextOf(request), request.body), 'Saved successfully'),
  );
}
