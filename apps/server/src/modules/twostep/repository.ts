import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { accounts, recoveryCodes, roles } from '../../db/schema.ts';

/**
 * The account's two-step columns, its password hash (to turn it off) and whether its role requires it;
 * `lock` holds the account row until the transaction ends.
 */
export async function findTwoStepAccount(db: Executor, accountId: number, { lock = false } = {}) {
  const query = db
    .select({
      id: accounts.id,
      username: accounts.username,
      passwordHash: accounts.passwordHash,
      twoStepEnabled: accounts.twoStepEnabled,
      totpSecret: accounts.totpSecret,
      totpPendingSecret: accounts.totpPendingSecret,
      required: roles.requireTwoStep,
    })
    .from(accounts)
    .leftJoin(roles, eq(roles.id, accounts.roleId))
    .where(eq(accounts.id, accountId))
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: accounts }) : query);
  return row ? { ...row, required: row.required ?? false } : null;
}

export type TwoStepAccount = NonNullable<Awaited<ReturnType<typeof findTwoStepAccount>>>;

export async function setPendingSecret(db: Executor, accountId: number, secret: string) {
  await db.update(accounts).set({ totpPendingSecret: secret }).where(eq(accounts.id, accountId));
}

/** The confirmed secret replaces any earlier one; `step` is the time step of the code that confirmed it. */
export async function enableTwoStep(db: Executor, accountId: number, secret: string, step: number) {
  await db
    .update(accounts)
    .set({ twoStepEnabled: 1, totpSecret: secret, totpPendingSecret: null, totpLastStep: step })
    .where(eq(accounts.id, accountId));
}

export async function disableTwoStep(db: Executor, accountId: number) {
  await db
    .update(accounts)
    .set({ twoStepEnabled: 0, totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    .where(eq(accounts.id, accountId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
}

/**
 * Takes a TOTP time step for the account: false when this step or a later one was already used, so one
 * code signs in once even when two requests race (the update is conditional on the stored step).
 */
export async function takeTimeStep(db: Executor, accountId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ totpLastStep: step })
    .where(
      and(eq(accounts.id, accountId), or(isNull(accounts.totpLastStep), lt(accounts.totpLastStep, step))),
    )
    .returning({ id: accounts.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Executor, accountId: number, codeHashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ accountId, codeHash })));
}

export async function countRecoveryCodesLeft(db: Executor, accountId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** Marks an unused recovery code used; false when there is none with this hash. */
export async function useRecoveryCode(db: Executor, accountId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.accountId, accountId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}
