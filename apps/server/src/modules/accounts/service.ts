import { randomBytes } from 'node:crypto';
import {
  type Account,
  type AccountStatus,
  type accountCreateSchema,
  type accountListQuerySchema,
  type accountUpdateSchema,
  DEFAULT_LANGUAGE,
  grantsBeyond,
  LANGUAGES,
  type Page,
  type PasswordReset,
  passwordLevel,
  type SignInEntry,
} from '@cool/shared';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { PageQuery } from '../../db/list.ts';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import type { Session } from '../../http/access.ts';
import { badRequest, conflict, httpError, notFound } from '../../http/reply.ts';
import { listSignIns as signInsOf } from '../audit/service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAccountSessions } from '../auth/repository.ts';
import { issueLink, type LinkPurpose } from '../identity/links.ts';
import { assertAcceptablePassword } from '../identity/passwordPolicy.ts';
import { deliver, failureText, transportFor } from '../messaging/delivery.ts';
import type { OutgoingMessage } from '../messaging/message.ts';
import { type LinkKind, linkMessage } from '../messaging/templates.ts';
import { findRole } from '../roles/repository.ts';
import * as repo from './repository.ts';

export const listAccounts = (
  ctx: ServiceContext,
  query: z.output<typeof accountListQuerySchema>,
): Promise<Page<Account>> => repo.listAccounts(ctx.db, query);

export async function getAccount(ctx: ServiceContext, id: number): Promise<Account> {
  const account = await repo.findAccount(ctx.db, id);
  if (!account) throw notFound('account.notFound');
  return account;
}

/** An account's sign-in attempts, newest first (404 for an unknown account). */
export async function listSignIns(
  ctx: ServiceContext,
  id: number,
  query: PageQuery,
): Promise<Page<SignInEntry>> {
  await getAccount(ctx, id);
  return signInsOf(ctx, id, query);
}

/**
 * A role the actor may give: it exists, and grants nothing the actor's own role does not, so nobody hands out
 * (or takes for a second account of theirs) more than they hold.
 */
async function assertGrantableRole(db: Executor, session: Session, roleId: string | undefined) {
  if (roleId === undefined) return;
  const role = await findRole(db, roleId);
  if (!role) throw badRequest('roleId', 'account.unknownRole', { roleId });
  if (grantsBeyond(session.grants, role.grants).length > 0) {
    throw httpError(403, 'account.roleBeyondOwn', { roleId });
  }
}

/**
 * An account the actor may change: its role grants nothing the actor's does not. Someone who manages staff
 * cannot take over an administrator's account by setting its password, disabling it or signing it out.
 */
async function assertWithinReach(db: Executor, session: Session, account: { roleId: string | null }) {
  const role = account.roleId === null ? null : await findRole(db, account.roleId);
  if (role && grantsBeyond(session.grants, role.grants).length > 0) throw httpError(403, 'account.beyondOwn');
}

/** A unique index refusing the write means another account has the username or email. */
async function uniqueLogin<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('account.duplicate');
    throw error;
  }
}

/**
 * The last enabled administrator must stay one: refuses a change that would leave none. Locks the
 * administrators' rows, so concurrent changes see each other.
 */
async function keepAnAdmin(tx: Tx, id: number, after: { status?: AccountStatus; roleId?: string | null }) {
  const admins = await repo.lockEnabledAdmins(tx);
  const staysAdmin = (after.status ?? 'enabled') === 'enabled' && (after.roleId ?? 'admin') === 'admin';
  if (admins.includes(id) && !staysAdmin && admins.length <= 1) throw conflict('account.lastAdmin');
}

/** A single-use link for the account (issued in `tx`) and the mail carrying it, to send once `tx` commits. */
async function linkMail(
  ctx: ServiceContext,
  tx: Tx,
  account: { id: number; email: string | null; name: string; language?: string | null },
  purpose: LinkPurpose,
  kind: LinkKind,
  publicUrl: string,
): Promise<OutgoingMessage> {
  const { url } = await issueLink(tx, account.id, purpose, publicUrl);
  const saved = LANGUAGES.find((language) => language === account.language);
  return linkMessage(account.email!, kind, url, account.name, saved ?? ctx.language ?? DEFAULT_LANGUAGE);
}

/**
 * Sends a link mail after its transaction committed: a slow mail server then holds no lock (nor the embedded
 * database's one connection), and a failure stays in the outbox. The change is kept, so the admin is told it
 * is saved and only the mail did not go.
 */
async function sendCommitted(ctx: ServiceContext, message: OutgoingMessage) {
  try {
    await deliver(ctx, message);
  } catch (error) {
    throw httpError(502, 'account.mailNotSent', { reason: failureText(error) });
  }
}

const mailWorks = async (ctx: ServiceContext) => (await transportFor(ctx, 'email')) !== null;

/**
 * With a typed password the account can sign in at once. Without one it is invited: it stays pending and
 * gets a link to choose its password, which needs working mail and an email address.
 */
export async function createAccount(
  ctx: ServiceContext,
  session: Session,
  input: z.output<typeof accountCreateSchema>,
  publicUrl: string,
): Promise<Account> {
  const { password, ...fields } = input;
  await assertGrantableRole(ctx.db, session, fields.roleId);
  if (password === undefined) {
    if (!(await mailWorks(ctx))) throw badRequest('password', 'account.passwordNeeded');
    if (!fields.email) throw badRequest('email', 'field.required');
  } else {
    assertAcceptablePassword(password, 'password', fields);
  }
  // Hashing takes a while: done before the transaction starts.
  const passwordHash = password === undefined ? null : await hashPassword(password);
  const { account, invitation } = await withTx(ctx, async ({ tx, audit }) => {
    const created = await uniqueLogin(
      repo.insertAccount(tx, {
        ...fields,
        passwordHash,
        passwordLevel: password === undefined ? null : passwordLevel(password),
        ...(!passwordHash && { status: 'pending' }),
      }),
    );
    await audit({ entityType: 'account', entityId: created.id, action: 'create', after: created });
    if (passwordHash) return { account: (await repo.findAccount(tx, created.id))! };
    const invitation = await linkMail(ctx, tx, created, 'invite', 'invitation', publicUrl);
    await audit({
      entityType: 'account',
      entityId: created.id,
      action: 'invite',
      after: { email: created.email },
    });
    return { account: (await repo.findAccount(tx, created.id))!, invitation };
  });
  if (invitation) await sendCommitted(ctx, invitation);
  return account;
}

/** Mails a new invitation link to an invited account that has not accepted yet (the old link stops working). */
export async function resendInvitation(
  ctx: ServiceContext,
  session: Session,
  id: number,
  publicUrl: string,
): Promise<Account> {
  if (!(await mailWorks(ctx))) throw conflict('mail.notConfigured');
  const { account, invitation } = await withTx(ctx, async ({ tx, audit }) => {
    const locked = await repo.lockAccount(tx, id);
    if (!locked) throw notFound('account.notFound');
    await assertWithinReach(tx, session, locked);
    if (locked.status !== 'pending' || locked.passwordHash || !locked.email) {
      throw conflict('account.notInvited');
    }
    const invitation = await linkMail(ctx, tx, locked, 'invite', 'invitation', publicUrl);
    await audit({ entityType: 'account', entityId: id, action: 'invite', after: { email: locked.email } });
    return { account: (await repo.findAccount(tx, id))!, invitation };
  });
  await sendCommitted(ctx, invitation);
  return account;
}

/** Staff cannot lock themselves out: no changing their own role. */
export async function updateAccount(
  ctx: ServiceContext,
  session: Session,
  id: number,
  input: z.output<typeof accountUpdateSchema>,
): Promise<Account> {
  const { password, ...fields } = input;
  if (id === session.accountId && fields.roleId && fields.roleId !== session.roleId) {
    throw conflict('account.selfChange');
  }
  await assertGrantableRole(ctx.db, session, fields.roleId);
  // Before the last-admin check, so an account out of reach is refused as such (and again under the lock).
  await assertWithinReach(ctx.db, session, await getAccount(ctx, id));
  if (password !== undefined) assertAcceptablePassword(password);
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  return withTx(ctx, async ({ tx, audit }) => {
    await keepAnAdmin(tx, id, fields);
    const before = await repo.lockAccount(tx, id);
    if (!before) throw notFound('account.notFound');
    await assertWithinReach(tx, session, before);
    const after = await uniqueLogin(
      repo.updateAccount(tx, id, {
        ...fields,
        ...(passwordHash && { passwordHash, passwordLevel: passwordLevel(password!) }),
      }),
    );
    await audit({
      entityType: 'account',
      entityId: id,
      action: 'update',
      before,
      after,
      changedSecrets: passwordHash ? ['password'] : [],
    });
    // A new password ends the account's other sessions.
    if (passwordHash) await revokeAccountSessions(tx, id, session.tokenHash);
    return (await repo.findAccount(tx, id))!;
  });
}

/** Enables or disables an account; disabling ends its sessions. */
export async function setAccountStatus(
  ctx: ServiceContext,
  session: Session,
  id: number,
  status: 'enabled' | 'disabled',
): Promise<Account> {
  if (id === session.accountId && status === 'disabled') throw conflict('account.selfChange');
  await assertWithinReach(ctx.db, session, await getAccount(ctx, id));
  return withTx(ctx, async ({ tx, audit }) => {
    await keepAnAdmin(tx, id, { status });
    const before = await repo.lockAccount(tx, id);
    if (!before) throw notFound('account.notFound');
    await assertWithinReach(tx, session, before);
    // A pending account is enabled by approving it, which also gives it a role.
    if (before.status === 'pending') throw conflict('account.pending');
    const after = await repo.updateAccount(tx, id, { status });
    await audit({
      entityType: 'account',
      entityId: id,
      action: status === 'enabled' ? 'enable' : 'disable',
      before,
      after,
    });
    if (status === 'disabled') await revokeAccountSessions(tx, id);
    return (await repo.findAccount(tx, id))!;
  });
}

/** Gives a pending sign-up that has confirmed its email a role, and enables it. */
export async function approveAccount(
  ctx: ServiceContext,
  session: Session,
  id: number,
  roleId: string,
): Promise<Account> {
  await assertGrantableRole(ctx.db, session, roleId);
  return withTx(ctx, async ({ tx, audit }) => {
    const before = await repo.lockAccount(tx, id);
    if (!before) throw notFound('account.notFound');
    if (before.status !== 'pending' || !before.passwordHash) throw conflict('account.notPending');
    if (!before.activatedAt) throw conflict('account.notActivated');
    const after = await repo.updateAccount(tx, id, { status: 'enabled', roleId });
    await audit({ entityType: 'account', entityId: id, action: 'approve', before, after });
    return (await repo.findAccount(tx, id))!;
  });
}

/** Rejects a pending sign-up or withdraws an invitation; accounts that were ever in use are disabled instead. */
export async function deleteAccount(ctx: ServiceContext, session: Session, id: number): Promise<void> {
  await withTx(ctx, async ({ tx, audit }) => {
    const before = await repo.lockAccount(tx, id);
    if (!before) throw notFound('account.notFound');
    await assertWithinReach(tx, session, before);
    if (before.status !== 'pending') throw conflict('account.notPending');
    await repo.deleteAccount(tx, id);
    await audit({ entityType: 'account', entityId: id, action: 'delete', before });
  });
}

/**
 * Resets a password: with working mail and an address, mails a recovery link; else sets a generated
 * temporary password, answered this once. Either way the account's sessions end.
 */
export async function resetPassword(
  ctx: ServiceContext,
  session: Session,
  id: number,
  publicUrl: string,
): Promise<PasswordReset> {
  const account = await repo.findAccount(ctx.db, id);
  if (!account) throw notFound('account.notFound');
  await assertWithinReach(ctx.db, session, account);
  const byMail = account.email !== null && (await mailWorks(ctx));
  const password = byMail ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = password && (await hashPassword(password));
  const link = await withTx(ctx, async ({ tx, audit }) => {
    const before = await repo.lockAccount(tx, id);
    if (!before) throw notFound('account.notFound');
    let link: OutgoingMessage | undefined;
    if (passwordHash) {
      await repo.updateAccount(tx, id, {
        passwordHash,
        passwordChangedAt: new Date(),
        passwordLevel: passwordLevel(password!),
      });
    } else {
      link = await linkMail(ctx, tx, before, 'recover', 'recovery-link', publicUrl);
    }
    await audit({
      entityType: 'account',
      entityId: id,
      action: 'reset-password',
      after: { delivery: byMail ? 'link' : 'password' },
      changedSecrets: passwordHash ? ['password'] : [],
    });
    await revokeAccountSessions(tx, id, id === session.accountId ? session.tokenHash : undefined);
    return link;
  });
  if (link) await sendCommitted(ctx, link);
  return byMail ? { delivery: 'link' } : { delivery: 'password', password };
}

/** Signs the account out everywhere (an admin doing it to themselves keeps this session). */
export async function revokeSessions(ctx: ServiceContext, session: Session, id: number): Promise<void> {
  await withTx(ctx, async ({ tx, audit }) => {
    const account = await repo.lockAccount(tx, id);
    if (!account) throw notFound('account.notFound');
    await assertWithinReach(tx, session, account);
    await revokeAccountSessions(tx, id, id === session.accountId ? session.tokenHash : undefined);
    await audit({ entityType: 'account', entityId: id, action: 'revoke-sessions' });
  });
}
