import type { LinkPurpose } from '@cool/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { accounts, accountTokens } from '../../db/schema.ts';

const who = {
  id: accounts.id,
  username: accounts.username,
  name: accounts.name,
  email: accounts.email,
  phone: accounts.phone,
  status: accounts.status,
  activatedAt: accounts.activatedAt,
  language: accounts.language,
};

export type Someone = Awaited<ReturnType<typeof findByEmail>>;

export const findByEmail = async (db: Executor, email: string) =>
  (await db.select(who).from(accounts).where(sql`lower(${accounts.email}) = lower(${email})`).limit(1))[0];

export const findByPhone = async (db: Executor, phone: string) =>
  (await db.select(who).from(accounts).where(eq(accounts.phone, phone)).limit(1))[0];

export const findById = async (db: Executor, id: number) =>
  (await db.select(who).from(accounts).where(eq(accounts.id, id)).limit(1))[0];

/** Usernames starting with `base` (case-insensitively), to pick a free one. */
export const usernamesLike = async (db: Executor, base: string) =>
  (
    await db
      .select({ username: accounts.username })
      .from(accounts)
      .where(sql`lower(${accounts.username}) LIKE ${`${base.toLowerCase().replace(/[_%\\]/g, '\\$&')}%`}`)
  ).map((row) => row.username.toLowerCase());

/** Whether a link of this purpose was issued to the account since `since` (mails are not resent sooner). */
export const linkIssuedSince = async (db: Executor, accountId: number, purpose: 'recover', since: Date) =>
  (
    await db
      .select({ accountId: accountTokens.accountId })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.accountId, accountId),
          eq(accountTokens.purpose, purpose),
          gt(accountTokens.createdAt, since),
        ),
      )
      .limit(1)
  ).length > 0;

// ---- Mailed links (links.ts): only the token's SHA-256 is stored -------------------------------------

/** Ends the account's unused links of this purpose, before a new one is mailed: only the newest works. */
export const endUnusedLinks = (db: Executor, accountId: number, purpose: LinkPurpose) =>
  db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.accountId, accountId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );

/** Stores a new link (its token's hash). */
export const insertLink = (db: Executor, values: typeof accountTokens.$inferInsert) =>
  db.insert(accountTokens).values(values);

/** The link of this token hash and purpose while it is live: unused and unexpired. */
const liveLink = (tokenHash: string, purpose: LinkPurpose) =>
  and(
    eq(accountTokens.tokenHash, tokenHash),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, new Date()),
  );

/** Marks a live link used and answers its account id, or null when there is no live link of that hash. */
export async function useLiveLink(db: Executor, tokenHash: string, purpose: LinkPurpose) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(liveLink(tokenHash, purpose))
    .returning({ accountId: accountTokens.accountId });
  return row?.accountId ?? null;
}

/** The account id of a live link, leaving it unused; null when there is none. */
export async function findLiveLink(db: Executor, tokenHash: string, purpose: LinkPurpose) {
  const [row] = await db
    .select({ accountId: accountTokens.accountId })
    .from(accountTokens)
    .where(liveLink(tokenHash, purpose))
    .limit(1);
  return row?.accountId ?? null;
}
