import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config.ts';
import {
  type Database,
  type DatabaseKind,
  type Db,
  forRequest,
  QueryAbandonedError,
  requestAbandoned,
} from './db/database.ts';
import { registerAccessControl } from './http/access.ts';
import { frameworkErrors, notFoundReply, registerErrorHandling } from './http/errors.ts';
import { sharedLimitStore } from './http/limit-store.ts';
import { type LogStream, loggerOptions } from './http/logging.ts';
import { HttpError } from './http/reply.ts';
import { serializerCompiler } from './http/serializer.ts';
import { documentTransform, documentTransformObject, zodApp } from './http/zod-app.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { alertRoutes } from './modules/alerts/routes.ts';
import { analysisRoutes } from './modules/analysis/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { findSession } from './modules/auth/service.ts';
import { categoryRoutes } from './modules/categories/routes.ts';
import { goalsRoutes } from './modules/goals/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { listsRoutes } from './modules/lists/routes.ts';
import { monitorRoutes } from './modules/monitor/routes.ts';
import { oauthRoutes } from './modules/oauth/routes.ts';
import { clientOrderRoutes } from './modules/orders/clientRoutes.ts';
import { notifyRoutes } from './modules/orders/notifyRoutes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { outboxRoutes } from './modules/outbox/routes.ts';
import { registerClientLimits } from './modules/participants/limits.ts';
import { clientSessionRoutes, participantRoutes } from './modules/participants/routes.ts';
import { findParticipantSession } from './modules/participants/service.ts';
import { payLogRoutes } from './modules/paylog/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { questionRoutes } from './modules/questions/routes.ts';
import { clientRecordRoutes } from './modules/records/clientRoutes.ts';
import { recordRoutes } from './modules/records/routes.ts';
import { roleRoutes } from './modules/roles/routes.ts';
import { settingRoutes } from './modules/settings/routes.ts';
import { testRoutes } from './modules/tests/routes.ts';
import { twoStepRoutes } from './modules/twostep/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { workplaceRoutes } from './modules/workplace/routes.ts';

/** The database the app serves from; empty until it has been opened, migrated and seeded. */
export interface DatabaseSlot {
  kind: DatabaseKind;
  current: Database | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseSlot;
    /** The query layer; answers 503 while the database is not ready. */
    db: Db;
  }
}

export interface BuildOptions {
  logger?: boolean;
  /** Where log lines go instead of stdout. */
  logStream?: LogStream;
  database?: Database;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    bodyLimit: 1024 * 1024,
    // A too-long path parameter (414) or a bad URL gets the envelope too, without echoing the URL.
    // These answer before any hook runs, helmet's included, so they set its nosniff themselves.
    frameworkErrors: (error, request, reply) =>
      frameworkErrors(error, request, reply.header('x-content-type-options', 'nosniff')),
    trustProxy: config.trustProxy,
    // No HEAD twin for each of the API's GET routes (66 more routes to register and compile at every start,
    // about 23 ms): JSON answers are only useful with their body. /api/health keeps its HEAD for probes,
    // and the console's files keep theirs (@fastify/static declares them).
    exposeHeadRoutes: false,
    // Every route validates and serializes with its zod schemas: Fastify then never loads its default
    // compilers (ajv and fast-json-stringify) at start. Its types expect ajv's; zod's take the same route.
    schemaController: {
      compilersFactory: {
        buildValidator: () => validatorCompiler as never,
        buildSerializer: () => serializerCompiler as never,
      },
    },
  });
  const slot: DatabaseSlot = {
    kind: options.database?.kind ?? (config.databaseUrl ? 'postgres' : 'pglite'),
    current: options.database ?? null,
  };
  app.decorate('config', config);
  app.decorate('database', slot);
  app.decorate('db', {
    getter() {
      if (!slot.current) throw new HttpError(503, 'server.unavailable');
      return slot.current.db;
    },
  });
  // First hook: every query a request starts is dropped or cancelled when its client goes away.
  app.addHook('onRequest', (_request, reply, done) => {
    const abandoned = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) abandoned.abort(new QueryAbandonedError());
    });
    forRequest(abandoned.signal, done);
  });
  // An answer its client no longer waits for is neither serialized nor written (the error handler only
  // closes the socket): after a burst of abandoned requests, the next one waited behind pages being
  // serialized for sockets already closed. Error answers go on as before: refusing one from the error
  // handler would reach Fastify's own handler, which logs it as an error.
  app.addHook('preSerialization', (_request, reply, payload, done) => {
    if (reply.statusCode < 400 && requestAbandoned()) done(new QueryAbandonedError());
    else done(null, payload);
  });
  registerErrorHandling(app);
  await registerSecurity(app, config);
  registerAccessControl(
    app,
    (token, use) => findSession(app.db, token, use),
    (token) => findParticipantSession(app.db, token),
  );
  registerClientLimits(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Cool Evaluation API',
        description: 'Back office of the Cool Evaluation service',
        version: '0.1.0',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ token: [] }],
    },
    transform: documentTransform,
    transformObject: documentTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // The third-party sign-in's browser binding (modules/oauth) is its only cookie.
  await app.register(fastifyCookie);

  // File uploads (images, question files); each route sets its own size limit below this ceiling.
  await app.register(fastifyMultipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 11 },
  });

  const api = zodApp(app);
  for (const routes of [
    healthRoutes,
    authRoutes,
    identityRoutes,
    accountRoutes,
    roleRoutes,
    categoryRoutes,
    testRoutes,
    questionRoutes,
    uploadRoutes,
    settingRoutes,
    auditRoutes,
    clientSessionRoutes,
    participantRoutes,
    clientRecordRoutes,
    recordRoutes,
    alertRoutes,
    clientOrderRoutes,
    notifyRoutes,
    orderRoutes,
    payLogRoutes,
    oauthRoutes,
    twoStepRoutes,
    profileRoutes,
    outboxRoutes,
    analysisRoutes,
    monitorRoutes,
    workplaceRoutes,
    goalsRoutes,
    listsRoutes,
  ]) {
    await api.register(routes);
  }

  const webDist = config.webDist;
  const hasConsole = webDist !== undefined && fs.existsSync(path.join(webDist, 'index.html'));
  const hasH5 = hasConsole && fs.existsSync(path.join(webDist, 'h5.html'));
  if (hasConsole) {
    // `npm run build` writes .br and .gz beside each file: sent to browsers that accept them, with
    // `Vary: Accept-Encoding`, and no compression work per request.
    const files = {
      preCompressed: true,
      setHeaders(res: { header(name: string, value: string): void }, filePath: string) {
        // Hashed assets never change; index.html must always be revalidated to pick up new builds.
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
        res.header('x-content-type-options', 'nosniff');
      },
    };
    // The few files at the top get a route each; the hashed assets one route for all, looked up per
    // request: a route per asset meant listing them and registering a few hundred routes at every start.
    await app.register(fastifyStatic, {
      ...files,
      root: webDist,
      wildcard: false,
      globIgnore: ['assets/**'],
    });
    const assets = path.join(webDist, 'assets');
    if (fs.existsSync(assets))
      await app.register(fastifyStatic, { ...files, root: assets, prefix: '/assets/', decorateReply: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (
      url.startsWith('/api/') ||
      url === '/api' ||
      !hasConsole ||
      request.method !== 'GET' ||
      path.extname(url)
    ) {
      return notFoundReply(reply);
    }
    // History-mode routing: every path is answered with its app's shell, /h5/* with the participant app's.
    const shell = /^\/h5(\/|$)/.test(url) && hasH5 ? 'h5.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(shell);
  });
  return app;
}

/**
 * The headers helmet's middleware sets for `options`, taken once at start: @fastify/helmet built the
 * middleware again on every request (parsing and writing out the CSP), for the same headers each time.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader() {},
  };
  helmet(options)({} as never, response as never, () => {});
  return headers;
}

/**
 * Security headers, and a per-address request limit checked before anything else (sign-in, session
 * lookup). On PostgreSQL every server counts in the database, so several servers allow what one allows
 * (`sharedLimitStore`: one statement per request, none once an address is over its limit); the embedded
 * database has one server, which counts in memory. The participants' limits (`minuteLimit`) count alike.
 */
async function registerSecurity(app: FastifyInstance, config: Config) {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd styles through CSS-in-JS: it writes <style> tags and style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The same for browsers that know only the older header.
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  if (config.rateLimitMax === 0) return;
  await app.register(fastifyRateLimit, {
    global: false,
    max: config.rateLimitMax,
    timeWindow: 60_000,
    // The console's files are cheap and one page load asks for dozens: only the API and uploads count.
    allowList: (request) => !/^\/(api|uploads)\//.test(request.url),
    // A database that fails to count lets the request through to meet it (and answer for itself).
    ...(app.database.kind === 'postgres' && { store: sharedLimitStore(app.database), skipOnError: true }),
  });
  app.addHook('onRequest', app.rateLimit());
}
