import type { ServiceContext } from '../../db/tx.ts';

/** Events staff can choose to be told about (account settings, New message notification). */
export type StaffEvent = 'alert' | 'refund' | 'signUp';

/**
 * Stub until staff notifications are built (issue 11): tells the staff who opted in to `event` (and may see
 * it) by mail. Never throws into the caller; call it after the change has committed.
 */
export async function notifyStaff(
  _ctx: ServiceContext,
  _event: StaffEvent,
  _params: Record<string, string | number>,
): Promise<void> {}
