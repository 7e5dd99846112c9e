import { promotionInputSchema, promotionSchema } from '@cool/shared';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './service.ts';

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
}
