import {
  clientOrderInputSchema,
  clientOrderListQuerySchema,
  clientOrderSchema,
  envelopeSchema,
  orderNoParamsSchema,
  pageSchema,
} from '@cool/shared';
import type { FastifyRequest } from 'fastify';
import { requireParticipant } from '../../http/access.ts';
import { contextOf } from '../../http/context.ts';
import { ok, responses } from '../../http/reply.ts';
import type { ZodApp } from '../../http/zod-app.ts';
import * as service from './clientService.ts';
import type { PayContext } from './payments.ts';

/** A request's service context with the WeChat Pay base URL the server is configured with. */
export const payContextOf = (request: FastifyRequest): PayContext => ({
  ...contextOf(request),
  apiBase: request.server.config.wechatPayApiBase,
});

/** The participant app's orders (`/api/client/orders`, participant token): their own only. */
const QUERY_SECONDS = service.CLIENT_QUERY_INTERVAL_MS / 1000;

export async function clientOrderRoutes(app: ZodApp) {
  const tags = ['client'];
  const access = { participant: true } as const;

  app.post(
    '/api/client/orders',
    {
      config: { access },
      schema: {
        tags,
        description:
          'Creates an order for the report of a submitted record of a paid test and asks WeChat Pay ' +
          'for the payment (native: codeUrl, jsapi: signed wx.requestPayment parameters, h5: h5Url); ' +
          'answers the still-payable order of that record and channel (200) when there is one. 503 ' +
          'wechatpay.notConfigured until WeChat Pay is set up.',
        body: clientOrderInputSchema,
        response: { ...responses(clientOrderSchema, 201), 200: envelopeSchema(clientOrderSchema) },
      },
    },
    async (request, reply) => {
      const { participantId } = requireParticipant(request);
      const { order, created } = await service.createClientOrder(
        payContextOf(request),
        participantId,
        request.body,
        request.ip,
      );
      return created ? reply.code(201).send(ok(order, 'Order created')) : ok(order, 'Order still payable');
    },
  );

  app.get(
    '/api/client/orders',
    {
      config: { access },
      schema: {
        tags,
        querystring: clientOrderListQuerySchema,
        response: responses(pageSchema(clientOrderSchema)),
      },
    },
    async (request) => {
      const { participantId } = requireParticipant(request);
      return ok(await service.listClientOrders(contextOf(request), participantId, request.query));
    },
  );

  app.get(
    '/api/client/orders/:orderNo',
    {
      config: { access },
      schema: {
        tags,
        description: `An unpaid order not asked about for ${QUERY_SECONDS} s is asked about first.`,
        params: orderNoParamsSchema,
        response: responses(clientOrderSchema),
      },
    },
    async (request) => {
      const { participantId } = requireParticipant(request);
      return ok(await service.getClientOrder(payContextOf(request), participantId, request.params.orderNo));
    },
  );
}
