import type { ServiceContext } from '../../db/tx.ts';

/**
 * Stub until two-step verification is built (issue 11): sign-in calls it once the password checks out.
 * It throws when the account has two-step verification and `code` is missing or wrong.
 */
export async function checkSecondFactor(
  _ctx: ServiceContext,
  _accountId: number,
  _code: string | undefined,
): Promise<void> {}
