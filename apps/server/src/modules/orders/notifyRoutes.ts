import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import {
  notificationEnvelopeSchema,
  signedHeaders,
  signedHeadersSchema,
} from '../../integrations/wechatpay/protocol.ts';
import { receiveNotification } from './notifications.ts';

/**
 * WeChat Pay's notifications (public: WeChat Pay signs them). Their signature covers the body bytes exactly
 * as sent, so this scope alone keeps JSON bodies as a Buffer (the rest of the API parses them as usual).
 * They answer in WeChat Pay's own form, not our envelope: 204 with no body, or `{"code":"FAIL","message"}`,
 * Fastify's own refusals too (a body over the limit, another content type). The body and headers schemas
 * document what WeChat Pay sends; the handler checks them itself (the signature first), so they validate
 * nothing here.
 */
export async function notifyRoutes(app: ZodApp) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.setValidatorCompiler(() => (value) => ({ value }));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'notification not processed');
    const message =
      { 413: 'body too large', 415: 'not a JSON body', 500: 'not processed' }[status] ?? 'bad request';
    return reply.code(status).send({ code: 'FAIL', message });
  });

  const handle = (kind: 'payment' | 'refund') => async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const answer = await receiveNotification(
      contextOf(request),
      kind,
      signedHeaders((name) => request.headers[name]),
      raw,
    );
    if (answer.status === 204) return reply.code(204).send();
    return reply.code(answer.status).send({ code: 'FAIL', message: answer.message });
  };

  const failure = z
    .object({ code: z.literal('FAIL'), message: z.string() })
    .meta({ description: "WeChat Pay's failure form: it delivers the notification again later" });
  const schema = {
    tags: ['pay'],
    body: notificationEnvelopeSchema,
    headers: signedHeadersSchema,
    response: {
      204: z.null().meta({ description: 'Applied now, or already applied before' }),
      '4xx': failure,
      '5xx': failure,
    },
  };
  app.post(
    '/api/pay/wechat/notify',
    {
      config: { access: { public: true } },
      schema: { ...schema, description: 'WeChat Pay payment notifications (TRANSACTION.SUCCESS).' },
    },
    handle('payment'),
  );
  app.post(
    '/api/pay/wechat/refund-notify',
    {
      config: { access: { public: true } },
      schema: { ...schema, description: 'WeChat Pay refund notifications (REFUND.SUCCESS/ABNORMAL/CLOSED).' },
    },
    handle('refund'),
  );
}
