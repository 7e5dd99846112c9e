import { createHash, randomBytes } from 'node:crypto';
import { SESSION_TTL_MS } from '@cool/shared';
import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.ts';
import { accounts, roles, sessions } from '../../db/schema.ts';
import type { Session } from '../../http/access.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Db,
  accountId: number,
  meta: { ip: string; userAgent?: string | undefined },
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    accountId,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512),
  });
  return { token, expiresAt };
}

/** A live session of an enabled account; a disabled role keeps the session but grants nothing. */
export async function findSession(db: Db, token: string): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      accountId: accounts.id,
      username: accounts.username,
      roleId: accounts.roleId,
      grants: roles.grants,
      roleStatus: roles.status,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(roles, eq(roles.id, accounts.roleId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(accounts.status, 'enabled'),
      ),
    )
    .limit(1);
  if (!row) return null;
  return { tokenHash, ...row, grants: row.roleStatus === 'enabled' ? row.grants : {} };
}

export async function revokeSession(db: Db, tokenHash: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
}

export async function revokeAccountSessions(db: Executor, accountId: number, exceptTokenHash?: string) {
  const conditions = [eq(sessions.accountId, accountId), isNull(sessions.revokedAt)];
  if (exceptTokenHash) conditions.push(ne(sessions.tokenHash, exceptTokenHash));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}

/** Expired and long-revoked sessions are only clutter. */
export async function purgeSessions(db: Db) {
  const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, new Date()), lt(sessions.revokedAt, dayAgo)));
}
