import { and, eq, gt, sql } from 'drizzle-orm';
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
