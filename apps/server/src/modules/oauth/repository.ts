import type { OAuthProvider } from '@cool/shared';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { accounts, identityBindings, oauthStates } from '../../db/schema.ts';

type StatePurpose = (typeof oauthStates.$inferInsert)['purpose'];

/** Stores a state or ticket (its hash), clearing out the expired ones on the way. */
export async function insertState(db: Executor, values: typeof oauthStates.$inferInsert) {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
  await db.insert(oauthStates).values(values);
}

/** Uses a live state or ticket up: answers it once, never again. */
export const takeState = async (
  db: Executor,
  stateHash: string,
  provider: string,
  purposes: StatePurpose[],
) => {
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, stateHash), eq(oauthStates.provider, provider)))
    .returning();
  return row && purposes.includes(row.purpose) && row.expiresAt.getTime() > Date.now() ? row : undefined;
};

/** A live ticket, left in place (a two-step prompt may still need it). */
export const findTicket = async (db: Executor, ticketHash: string) =>
  (
    await db
      .select()
      .from(oauthStates)
      .where(
        and(
          eq(oauthStates.stateHash, ticketHash),
          eq(oauthStates.purpose, 'ticket'),
          gt(oauthStates.expiresAt, new Date()),
        ),
      )
      .limit(1)
  )[0];

export const deleteState = async (db: Executor, stateHash: string) =>
  (await db.delete(oauthStates).where(eq(oauthStates.stateHash, stateHash)).returning()).length > 0;

/** The account bound to a provider's identity, as sign-in needs it. */
export const findBoundAccount = async (db: Executor, provider: OAuthProvider, subject: string) =>
  (
    await db
      .select({ id: accounts.id, status: accounts.status })
      .from(identityBindings)
      .innerJoin(accounts, eq(accounts.id, identityBindings.accountId))
      .where(and(eq(identityBindings.provider, provider), eq(identityBindings.subject, subject)))
      .limit(1)
  )[0];

export const findSigningIn = async (db: Executor, accountId: number) =>
  (
    await db
      .select({
        id: accounts.id,
        username: accounts.username,
        status: accounts.status,
        lastLoginAt: accounts.lastLoginAt,
        lastLoginIp: accounts.lastLoginIp,
      })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .limit(1)
  )[0];

export const listBindings = (db: Executor, accountId: number) =>
  db.select().from(identityBindings).where(eq(identityBindings.accountId, accountId));

export const findBinding = async (db: Executor, provider: OAuthProvider, subject: string) =>
  (
    await db
      .select()
      .from(identityBindings)
      .where(and(eq(identityBindings.provider, provider), eq(identityBindings.subject, subject)))
      .limit(1)
  )[0];

export const insertBinding = async (db: Executor, values: typeof identityBindings.$inferInsert) =>
  (await db.insert(identityBindings).values(values).onConflictDoNothing().returning())[0];

export const deleteBinding = async (db: Executor, accountId: number, provider: OAuthProvider) =>
  (
    await db
      .delete(identityBindings)
      .where(and(eq(identityBindings.accountId, accountId), eq(identityBindings.provider, provider)))
      .returning()
  )[0];
