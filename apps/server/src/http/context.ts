import { pickLanguage } from '@cool/shared';
import type { FastifyRequest } from 'fastify';
import type { Actor, ServiceContext } from '../db/tx.ts';

/** The signed-in staff member (if any) behind a request, with the request id and client address. */
export const actorOf = (request: FastifyRequest): Actor => ({
  accountId: request.session?.accountId ?? null,
  username: request.session?.username ?? null,
  requestId: request.id,
  ip: request.ip,
});

/** What a route hands to its service: the database and the acting staff member. */
export const contextOf = (request: FastifyRequest): ServiceContext => ({
  db: request.server.db,
  actor: actorOf(request),
  log: request.log,
  language: pickLanguage(request.headers['accept-language']),
  smsApiBase: request.server.config.smsApiBase,
  smtpAllowPrivate: request.server.config.smtpAllowPrivate,
});
