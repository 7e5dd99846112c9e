import { promotionInputSchema, promotionSchema } from '@cool/shared';
import { requireSession } from '../../http/access.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import { promotion, savePromotion } from './service.ts';

export async function settingRoutes(app: ZodApp) {
  // Every signed-in user's console shows the link, so reading it needs no settings permission.
  app.get(
    '/api/settings/promotion',
    {
      config: { access: { signedIn: true } },
      schema: { tags: ['settings'], response: responses(promotionSchema) },
    },
    async () => ok(await promotion(app.db)),
  );

  app.put(
    '/api/settings/promotion',
    {
      config: { access: { permission: 'settings', action: 'edit' } },
      schema: { tags: ['settings'], body: promotionInputSchema, response: responses(promotionSchema) },
    },
    async (request) =>
      ok(await savePromotion(app.db, requireSession(request).accountId, request.body), 'Saved successfully'),
  );
}
