import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

// The document needs no database: the app is built without one.
let app: FastifyInstance;
let doc: OpenAPIV3.Document;

beforeAll(async () => {
  app = await buildApp(loadConfig({}, { webDist: undefined, rateLimitMax: 0 }), { logger: false });
  await app.ready();
  doc = app.swagger() as OpenAPIV3.Document;
});
afterAll(() => app.close());

const docPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const operation = (method: string, url: string) =>
  doc.paths[docPath(url)]?.[method.toLowerCase() as OpenAPIV3.HttpMethods] as OpenAPIV3.OperationObject;
const binary = { type: 'string', format: 'binary' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('OpenAPI document', () => {
  it('validates as OpenAPI (every $ref resolves)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('documents every API route, each with a success body and the error envelope', () => {
    expect(app.apiRoutes.length).toBeGreaterThan(40);
    for (const route of app.apiRoutes) {
      const op = operation(route.method, route.url);
      expect(op, `${route.method} ${route.url}`).toBeDefined();
      // A redirect (third-party sign-in) succeeds with a 302.
      const success = Object.entries(op.responses).find(([status]) => /^[23]/.test(status));
      expect(success?.[1], `${route.method} ${route.url}`).toHaveProperty('content');
      if (route.url !== '/api/health')
        expect(op.responses['4XX'], `${route.method} ${route.url}`).toBeDefined();
    }
  });

  it('gives file downloads their media type', () => {
    const files = {
      '/api/tests/export': ['text/csv'],
      '/api/questions/template': ['text/csv', XLSX],
      '/api/tests/:id/questions/export': ['text/csv', XLSX],
    };
    for (const [url, types] of Object.entries(files)) {
      const ok = operation('GET', url).responses['200'] as OpenAPIV3.ResponseObject;
      expect(Object.keys(ok.content ?? {}), url).toEqual(types);
      for (const type of types) expect(ok.content?.[type]?.schema, url).toEqual(binary);
    }
  });

  it('gives multipart endpoints a form body with the file', () => {
    for (const url of ['/api/uploads', '/api/tests/:id/questions/import']) {
      const body = operation('POST', url).requestBody as OpenAPIV3.RequestBodyObject;
      expect(body?.required, url).toBe(true);
      expect(body.content['multipart/form-data']?.schema, url).toEqual({
        type: 'object',
        required: ['file'],
        properties: { file: binary },
      });
    }
  });

  it("documents WeChat Pay's notifications: their JSON body and the Wechatpay-* headers", () => {
    for (const url of ['/api/pay/wechat/notify', '/api/pay/wechat/refund-notify']) {
      const op = operation('POST', url);
      const body = op.requestBody as OpenAPIV3.RequestBodyObject;
      const schema = body?.content['application/json']?.schema as OpenAPIV3.SchemaObject;
      expect(schema?.required, url).toEqual(expect.arrayContaining(['id', 'event_type', 'resource']));
      const headers = (op.parameters as OpenAPIV3.ParameterObject[]).filter((p) => p.in === 'header');
      expect(headers.map((p) => p.name.toLowerCase()).sort(), url).toEqual([
        'wechatpay-nonce',
        'wechatpay-serial',
        'wechatpay-signature',
        'wechatpay-timestamp',
      ]);
    }
  });

  it('lets public routes go without a token and keeps the global requirement on the others', () => {
    expect(doc.security).toEqual([{ token: [] }]);
    const publicRoutes = app.apiRoutes.filter((route) => 'public' in route.access);
    expect(publicRoutes.map((route) => route.url).sort()).toEqual(
      [
        '/api/account/login',
        // Sign-up, activation, invitations and recovery: for people who cannot sign in (yet).
        '/api/account/activate',
        '/api/account/invitation/accept',
        '/api/account/links/check',
        '/api/account/policies',
        '/api/account/recover',
        '/api/account/recover/reset',
        '/api/account/recover/sms',
        '/api/account/register',
        '/api/account/register/code',
        '/api/account/reset',
        '/api/account/sign-in-options',
        '/api/account/sms',
        '/api/auth/2step-code',
        '/api/client/session',
        '/api/health',
        '/api/oauth/:provider/callback',
        '/api/oauth/:provider/start',
        '/api/oauth/providers',
        '/api/oauth/ticket',
        // WeChat Pay's notifications: signed by WeChat Pay, verified by the handler.
        '/api/pay/wechat/notify',
        '/api/pay/wechat/refund-notify',
      ].sort(),
    );
    for (const route of app.apiRoutes) {
      const op = operation(route.method, route.url);
      if ('public' in route.access) expect(op.security, route.url).toEqual([]);
      else expect(op.security, route.url).toBeUndefined();
    }
  });
});
