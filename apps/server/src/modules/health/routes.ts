import { envelopeSchema, healthSchema } from '@cool/shared';
import { failure, ok } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';

const VERSION = '0.1.0';

export async function healthRoutes(app: ZodApp) {
  app.get(
    '/api/health',
    {
      config: { access: { public: true } },
      exposeHeadRoute: true,
      schema: {
        tags: ['health'],
        response: { 200: envelopeSchema(healthSchema), 503: envelopeSchema(healthSchema) },
      },
    },
    async (_request, reply) => {
      const database = app.database.current;
      const uptimeSeconds = Math.round(process.uptime());
      // Never queued behind the app's statements (see Database.check), so health stays quick under list
      // load; it shows the database answers, not that a request would get a connection at once.
      const { up, latencyMs } = database ? await database.check() : { up: false, latencyMs: null };
      const health = {
        status: up ? ('ok' as const) : ('unavailable' as const),
        database: { kind: app.database.kind, state: up ? ('up' as const) : ('down' as const), latencyMs },
        uptimeSeconds,
        version: VERSION,
      };
      if (up) return ok(health);
      return reply
        .code(503)
        .send({ ...failure(503, 'Service unavailable: the database is not ready'), result: health });
    },
  );
}
