/**
 * The one place an order's status changes. Every change runs under the order's row lock (the caller took
 * it with `lockOrder` in the same transaction), is checked against the allowed moves, and writes its
 * `order_events` row; paying unlocks the record (once), a refund in full locks it again.
 */
import type { OrderStatus } from '@cool/shared';
import type { Executor } from '../../db/database.ts';
import * as repo from './repository.ts';

export type EventCause = 'client' | 'notification' | 'query' | 'job' | 'staff';

/**
 * `closed -> paid`: money WeChat Pay took after we closed (a payment racing the close) is still a payment;
 * its word wins. `refunding -> refunding`: one refund finished while another is still in progress.
 */
const ALLOWED: Record<OrderStatus, readonly OrderStatus[]> = {
  unpaid: ['paid', 'closed'],
  closed: ['paid'],
  paid: ['refunding'],
  refunding: ['refunding', 'paid', 'refunded'],
  refunded: [],
};

export const canMove = (from: OrderStatus, to: OrderStatus) => ALLOWED[from].includes(to);

export interface Change {
  cause: EventCause;
  /** The staff member, for staff actions. */
  actor?: { accountId: number | null; username: string | null } | null;
  notificationId?: string | null;
  detail?: Record<string, unknown>;
  /** Other columns changed with the status (transaction id, paid time, refunded amount...). */
  patch?: repo.OrderPatch;
}

/** Moves a locked order to `to`; throws on a move the state machine does not allow. */
export async function transition(
  tx: Executor,
  order: repo.OrderRow,
  to: OrderStatus,
  change: Change,
): Promise<repo.OrderRow> {
  if (!canMove(order.status, to)) throw new Error(`order ${order.orderNo}: ${order.status} -> ${to}`);
  const detail = { ...change.detail };
  if (to === 'paid' && (order.status === 'unpaid' || order.status === 'closed')) {
    const record = await repo.lockRecord(tx, order.recordId);
    if (record && record.unlockedAt === null) {
      await repo.setRecordUnlocked(tx, record.id, new Date());
      detail.unlocked = true;
    } else detail.unlocked = false;
  }
  if (to === 'refunded' && !(await repo.hasOtherPaidOrder(tx, order))) {
    await repo.lockRecord(tx, order.recordId);
    await repo.setRecordUnlocked(tx, order.recordId, null);
    detail.locked = true;
  }
  const updated = await repo.updateOrder(tx, order.id, { ...change.patch, status: to });
  await repo.insertEvent(tx, {
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to,
    cause: change.cause,
    actorId: change.actor?.accountId ?? null,
    actorUsername: change.actor?.username ?? null,
    notificationId: change.notificationId ?? null,
    detail,
  });
  return updated;
}
