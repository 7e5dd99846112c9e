import { DEFAULT_PROMOTION, promotionInputSchema, promotionSchema } from '@cool/shared';
import { eq } from 'drizzle-orm';
import { settings } from '../../db/schema.ts';
import { requireSession } from '../../http/access.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';

const PROMOTION = 'promotion';

export async function settingRoutes(app: ZodApp) {
  // Every signed-in user's console shows the link, so reading it needs no settings permission.
  app.get(
    '/api/settings/promotion',
    {
      config: { access: { signedIn: true } },
      schema: { tags: ['settings'], response: responses(promotionSchema) },
    },
    async () => {
      const [row] = await app.db.select().from(settings).where(eq(settings.key, PROMOTION)).limit(1);
      const stored = promotionSchema.safeParse(row?.value);
      return ok(stored.success ? stored.data : DEFAULT_PROMOTION);
    },
  );

  app.put(
    '/api/settings/promotion',
    {
      config: { access: { permission: 'settings', action: 'edit' } },
      schema: { tags: ['settings'], body: promotionInputSchema, response: responses(promotionSchema) },
    },
    async (request) => {
      const { accountId } = requireSession(request);
      const value = request.body;
      await app.db
        .insert(settings)
        .values({ key: PROMOTION, value, updatedBy: accountId })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value, updatedBy: accountId, updatedAt: new Date() },
        });
      return ok(value, 'Saved successfully');
    },
  );
}
