/**
 * The jobs that keep orders in line with WeChat Pay when no notification does: expired orders closed (asked
 * first), refunds in progress polled with back-off, unpaid orders whose notification never came asked
 * about, and yesterday's trade bill reconciled. Each does nothing until WeChat Pay is set up, and is safe
 * on several servers: each run claims its rows (`for update skip locked`), and every status change happens
 * under the order's row lock in the orders module.
 */
import { SYSTEM_ACTOR } from '../../db/tx.ts';
import { HttpError } from '../../http/reply.ts';
import { defineJob, type JobContext } from '../../jobs/jobs.ts';
import {
  closeUnpaid,
  type PayClient,
  type PayContext,
  payClientFor,
  queryAndApply,
} from '../orders/payments.ts';
import * as orderRepo from '../orders/repository.ts';
import { chinaDate } from './reconcile.ts';
import * as repo from './repository.ts';
import { pollRefund, runReconciliation } from './service.ts';

/** Rows one run works through; the rest wait for the next minute. */
const BATCH = 50;
/** A notification usually comes within seconds; an order this old without one is asked about. */
export const UNNOTIFIED_AFTER_SECONDS = 120;

/** The job's context for the orders module, or undefined while WeChat Pay is not set up. */
async function payContext({
  database,
  wechatPayApiBase,
}: JobContext): Promise<{ ctx: PayContext; pay: PayClient } | undefined> {
  if (!wechatPayApiBase) return undefined;
  const ctx: PayContext = { db: database.db, actor: SYSTEM_ACTOR, apiBase: wechatPayApiBase };
  try {
    return { ctx, pay: await payClientFor(ctx) };
  } catch (error) {
    if (error instanceof HttpError && error.code === 'wechatpay.notConfigured') return undefined;
    throw error;
  }
}

/** Runs `work` on each claimed item; one that fails is logged and left for a later run. */
async function each<T>(context: JobContext, items: T[], work: (item: T) => Promise<unknown>) {
  for (const item of items) {
    try {
      await work(item);
    } catch (err) {
      context.log.warn({ err, item }, 'payment job: one item failed');
    }
  }
}

/**
 * A job run every minute over rows it claims (at most BATCH), each worked on alone; the WeChat Pay calls'
 * log entries are written before the run ends.
 */
function minuteJob<T>(
  name: string,
  claim: (ctx: PayContext) => Promise<T[]>,
  work: (ctx: PayContext, pay: PayClient, item: T) => Promise<unknown>,
) {
  return defineJob({
    name,
    cron: '* * * * *',
    async run(_data, context) {
      const found = await payContext(context);
      if (!found) return;
      const { ctx, pay } = found;
      try {
        await each(context, await claim(ctx), (item) => work(ctx, pay, item));
      } finally {
        await pay.settled();
      }
    },
  });
}

/** An expired unpaid order is asked about first (paid at WeChat Pay means paid here), else closed there and here. */
export const closeExpiredOrdersJob = minuteJob(
  'pay-close-expired-orders',
  (ctx) => repo.claimExpiredOrders(ctx.db, BATCH),
  (ctx, pay, order) => closeUnpaid(ctx, pay, order.orderNo, 'job', 'expired'),
);

export const pollRefundsJob = minuteJob(
  'pay-poll-refunds',
  (ctx) => repo.claimDueRefunds(ctx.db, BATCH),
  (ctx, pay, refund) => pollRefund(ctx, pay, refund.outRefundNo, 'job'),
);

export const queryUnnotifiedOrdersJob = minuteJob(
  'pay-query-unnotified-orders',
  (ctx) => repo.claimUnnotifiedOrders(ctx.db, UNNOTIFIED_AFTER_SECONDS, BATCH),
  async (ctx, pay, { orderNo }) => {
    const order = await orderRepo.findOrder(ctx.db, orderNo);
    if (order?.status === 'unpaid') await queryAndApply(ctx, pay, order, 'job');
  },
);

/**
 * Yesterday's trade bill, from 10:30 China time (02:30 UTC), hourly until 13:30 while it is not reconciled:
 * WeChat Pay makes it "after 10:00" and asks to try again later while it answers STATEMENT_CREATING
 * (pay.weixin.qq.com/docs/merchant/apis/native-payment/get-trade-bill.html). Staff can run any day again.
 */
export const reconcileYesterdayJob = defineJob({
  name: 'pay-reconcile-yesterday',
  cron: '30 2-5 * * *',
  retryLimit: 0,
  async run(_data, context) {
    const billDate = chinaDate(new Date(), -1);
    if ((await repo.findReconciliation(context.database.db, billDate))?.status === 'done') return;
    const found = await payContext(context);
    if (found) await runReconciliation(found.ctx, billDate);
  },
});

export const PAY_JOBS = [
  closeExpiredOrdersJob,
  pollRefundsJob,
  queryUnnotifiedOrdersJob,
  reconcileYesterdayJob,
];
