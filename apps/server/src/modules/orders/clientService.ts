/** A participant's orders: made for their record, paid by the channel they chose, read back. */
import type { ClientOrder, clientOrderListQuerySchema, Page, PayChannel } from '@cool/shared';
import type { z } from 'zod';
import type { ServiceContext } from '../../db/tx.ts';
import { badRequest, conflict, notFound } from '../../http/reply.ts';
import { newOrderNo } from './orderNo.ts';
import { closeUnpaid, type PayClient, type PayContext, payClientFor, queryAndApply } from './payments.ts';
import * as repo from './repository.ts';
import { payable, toClientOrder } from './view.ts';

/** A client's GET asks WeChat Pay about an unpaid order at most this often. */
export const CLIENT_QUERY_INTERVAL_MS = 10_000;
/** An order handed out again must stay payable at least this long. */
const PAYABLE_MARGIN_MS = 60_000;

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

/** Asks WeChat Pay for the payment this order's channel needs, and keeps it on the order. */
async function prepay(
  ctx: PayContext,
  pay: PayClient,
  row: repo.OrderRow,
  payer: { openid?: string; ip: string },
) {
  const input = {
    outTradeNo: row.orderNo,
    description: (row.title.zh || row.title.en).slice(0, 60),
    amountFen: row.amountFen,
    notifyUrl: `${pay.notifyBaseUrl}/api/pay/wechat/notify`,
    timeExpire: row.expiresAt,
  };
  let patch: Partial<repo.OrderRow>;
  if (row.channel === 'native') patch = { codeUrl: (await pay.client.prepayNative(input)).codeUrl };
  else if (row.channel === 'h5')
    patch = { h5Url: (await pay.client.prepayH5({ ...input, payerClientIp: payer.ip })).h5Url };
  else patch = { prepayId: (await pay.client.prepayJsapi({ ...input, openid: payer.openid! })).prepayId };
  return repo.updateOrder(ctx.db, row.id, { ...patch, prepaidAt: new Date() });
}

/**
 * How long WeChat Pay's answer to a prepay can be handed out again, a minute short of its validity: an h5 link
 * works 5 minutes, a code URL or prepay id 2 hours. Past it the order (same number, same amount) is prepaid
 * again, which WeChat Pay answers with a fresh one.
 */
const REUSABLE_MS = { h5: 4 * 60_000, native: 119 * 60_000, jsapi: 119 * 60_000 } as const;

const reusable = (row: repo.OrderRow, now = Date.now()) =>
  (row.channel === 'native' ? row.codeUrl : row.channel === 'h5' ? row.h5Url : row.prepayId) !== null &&
  row.prepaidAt !== null &&
  now - row.prepaidAt.getTime() < REUSABLE_MS[row.channel];

/**
 * The still-payable order of the participant's record for this channel, or a new one (201), with what the
 * channel pays by. The record is locked meanwhile, so two taps make one order. WeChat Pay is called outside
 * the transaction; a prepay that failed is made again (same order number) on the next call.
 */
export async function createClientOrder(
  ctx: PayContext,
  participantId: number,
  input: { recordId: number; channel: PayChannel },
  payerIp: string,
): Promise<{ order: ClientOrder; created: boolean }> {
  const pay = await payClientFor(ctx);
  try {
    const openid =
      input.channel === 'jsapi'
        ? await repo.findOpenid(ctx.db, participantId, pay.merchant.appId)
        : undefined;
    if (input.channel === 'jsapi' && !openid) throw badRequest('channel', 'order.openidRequired');
    // One payable order per record, or a person could pay twice (the code on a computer, then a phone's
    // cashier): another channel's is closed first, asked about before. If it was paid, the record is unlocked
    // and is refused below.
    for (const other of await repo.otherOpenOrders(ctx.db, input.recordId, participantId, input.channel))
      await closeUnpaid(ctx, pay, other, 'client', 'replaced');
    const { row, created } = await ctx.db.transaction(async (tx) => {
      const record = await repo.lockRecord(tx, input.recordId);
      if (record?.participantId !== participantId) throw notFound('record.notFound');
      if (record.status !== 'submitted') throw conflict('order.recordNotSubmitted');
      if (record.priceFen === 0) throw conflict('order.free');
      if (record.unlockedAt !== null) throw conflict('order.alreadyUnlocked');
      const existing = await repo.findPayableOrder(tx, record.id, input.channel, PAYABLE_MARGIN_MS);
      if (existing) return { row: existing, created: false };
      const title = await repo.versionTitle(tx, record.testVersionId);
      for (let attempt = 0; ; attempt++) {
        try {
          const made = await tx.transaction(async (savepoint) => {
            const inserted = await repo.insertOrder(savepoint, {
              orderNo: newOrderNo(),
              participantId,
              recordId: record.id,
              testId: record.testId,
              title,
              priceFen: record.priceFen,
              amountFen: record.priceFen,
              channel: input.channel,
              appId: pay.merchant.appId,
              mchId: pay.merchant.mchId,
              expiresAt: new Date(Date.now() + pay.orderExpireMinutes * 60_000),
            });
            await repo.insertEvent(savepoint, {
              orderId: inserted.id,
              fromStatus: null,
              toStatus: 'unpaid',
              cause: 'client',
              detail: { channel: input.channel, amountFen: inserted.amountFen },
            });
            return inserted;
          });
          return { row: made, created: true };
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 4) throw error;
        }
      }
    });
    pay.orderNo = row.orderNo;
    const ready = reusable(row) ? row : await prepay(ctx, pay, row, { openid, ip: payerIp });
    return { order: toClientOrder(ready, pay), created };
  } finally {
    await pay.settled();
  }
}

async function ownOrder(ctx: ServiceContext, participantId: number, orderNo: string) {
  const row = await repo.findOrder(ctx.db, orderNo);
  if (row?.participantId !== participantId) throw notFound('order.notFound');
  return row;
}

/**
 * The participant's order; an unpaid one not asked about for 10 s is asked about now (its notification may
 * be late or lost), so the pay step sees the payment at once either way.
 */
export async function getClientOrder(ctx: PayContext, participantId: number, orderNo: string) {
  let row = await ownOrder(ctx, participantId, orderNo);
  const lastAsked = (row.lastQueriedAt ?? row.createdAt).getTime();
  const overdue = row.status === 'unpaid' && Date.now() - lastAsked >= CLIENT_QUERY_INTERVAL_MS;
  const needsPay = overdue || (row.channel === 'jsapi' && payable(row));
  const pay = needsPay ? await payClientFor(ctx, orderNo).catch(() => null) : null;
  if (pay && overdue) {
    try {
      row = (await queryAndApply(ctx, pay, row, 'query')).order ?? row;
    } catch {
      // WeChat Pay not answering: the status we have stands, and the jobs ask again.
    }
  }
  await pay?.settled();
  return toClientOrder(row, pay);
}

export const listClientOrders = async (
  ctx: ServiceContext,
  participantId: number,
  query: z.output<typeof clientOrderListQuerySchema>,
): Promise<Page<ClientOrder>> => {
  const page = await repo.listOrders(ctx.db, { ...query, participantId });
  return { ...page, data: page.data.map((row) => toClientOrder(row, null)) };
};
