import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError } from '../../http/reply.ts';

/**
 * A per-minute request limit counted under `key`, answering 429 in the envelope as the per-address limit
 * does; null when it is off (its max is 0, or `RATE_LIMIT_MAX=0` turned every limit off). Counts live where
 * the per-address ones do (in PostgreSQL, shared by every server; in memory on the embedded database). Not the route-level `config.rateLimit`: the global
 * per-address hook marks each request as counted, and the plugin then skips a route's own limit.
 */
export function minuteLimit(app: FastifyInstance, max: number, key: (request: FastifyRequest) => string) {
  if (app.config.rateLimitMax === 0 || max === 0) return null;
  const count = app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: key });
  return async (request: FastifyRequest) => {
    const result = await count(request);
    if (!result.isAllowed && result.isExceeded) {
      throw httpError(
        429,
        'request.tooMany',
        {},
        { headers: { 'retry-after': String(result.ttlInSeconds) } },
      );
    }
  };
}

/**
 * Every `/api/client/*` request is counted per participant (the per-address limit counts it too), after
 * the access check has found whose it is. Register after `registerAccessControl`.
 */
export function registerClientLimits(app: FastifyInstance) {
  const perParticipant = minuteLimit(
    app,
    app.config.clientRateLimitMax,
    (request) => `participant#${request.participant?.participantId}`,
  );
  if (!perParticipant) return;
  app.addHook('onRequest', async (request) => {
    if (request.participant) await perParticipant(request);
  });
}
