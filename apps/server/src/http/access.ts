import { type Action, BACKGROUND_HEADER, type Grants, grantsAllow, type PermissionId } from '@cool/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, httpError } from './reply.ts';

/**
 * What a route needs: nothing, a signed-in staff session, a permission action (docs/spec.md section 6), or a
 * participant's session (`/api/client/*`). Staff and participant tokens live in different tables, so each
 * kind is refused (401) where the other is needed.
 */
export type Access =
  | { public: true }
  | { participant: true }
  /** `duringTwoStepSetup`: open also to a session whose role requires two-step verification it has not set up. */
  | { signedIn: true; duringTwoStepSetup?: true }
  | { permission: PermissionId; action: Action }
  /** Any one of these permission actions will do (e.g. uploading an image for a test or a question). */
  | { anyOf: { permission: PermissionId; action: Action }[] };

export interface Session {
  tokenHash: string;
  accountId: number;
  username: string;
  roleId: string;
  grants: Grants;
  /** The role requires two-step verification and the account has none: only enrolment is open. */
  twoStepSetupRequired: boolean;
}

/** A participant's session, found from a participant token. */
export interface ParticipantSession {
  tokenHash: string;
  participantId: number;
  status: 'active' | 'blocked';
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    session: Session | null;
    participant: ParticipantSession | null;
  }
  interface FastifyInstance {
    /** Every `/api` route with its declared access; tests generate their 401/403 cases from it. */
    apiRoutes: ApiRoute[];
  }
}

export const requireSession = (request: FastifyRequest): Session => {
  if (!request.session) throw new HttpError(401, 'auth.signInRequired');
  return request.session;
};

export const requireParticipant = (request: FastifyRequest): ParticipantSession => {
  if (!request.participant) throw new HttpError(401, 'auth.signInRequired');
  return request.participant;
};

export const tokenFrom = (header: string | undefined): string | null => {
  const value = header?.trim();
  if (!value) return null;
  return value.replace(/^Bearer\s+/i, '') || null;
};

/**
 * Checks every `/api` route before its input is parsed, so an anonymous caller learns nothing
 * from validation errors. A route that declares no access refuses to register.
 */
export function registerAccessControl(
  app: FastifyInstance,
  findSession: (token: string, use: boolean) => Promise<Session | null>,
  findParticipant: (token: string) => Promise<ParticipantSession | null>,
) {
  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.decorateRequest('session', null);
  app.decorateRequest('participant', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access });
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || 'public' in access) return;
    const token = tokenFrom(request.headers.authorization);
    if ('participant' in access) {
      request.participant = token ? await findParticipant(token) : null;
      if (!request.participant) throw new HttpError(401, 'auth.signInRequired');
      if (request.participant.status === 'blocked') throw new HttpError(403, 'participant.blocked');
      return;
    }
    const use = request.headers[BACKGROUND_HEADER] !== '1';
    request.session = token ? await findSession(token, use) : null;
    if (!request.session) throw new HttpError(401, 'auth.signInRequired');
    if (request.session.twoStepSetupRequired && !('duringTwoStepSetup' in access)) {
      throw new HttpError(403, 'twoStep.setupRequired');
    }
    if ('permission' in access && !grantsAllow(request.session.grants, access.permission, access.action)) {
      throw httpError(403, 'auth.permissionDenied', { permission: `${access.permission}.${access.action}` });
    }
    if (
      'anyOf' in access &&
      !access.anyOf.some((a) => grantsAllow(request.session!.grants, a.permission, a.action))
    ) {
      const names = access.anyOf.map((a) => `${a.permission}.${a.action}`).join(', ');
      throw httpError(403, 'auth.permissionDenied', { permission: names });
    }
  });
}
