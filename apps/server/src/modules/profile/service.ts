/**
 * The signed-in person's own account: profile, password, security phone, backup email, display settings,
 * notification choices and recent activity. Every change is audited on the account.
 */
import {
  type AccountActivity,
  type BackupEmailChange,
  grantsAccess,
  homePath,
  type NotificationSettings,
  type PasswordChange,
  type PhoneChange,
  type Profile,
  type ProfileUpdate,
  passwordLevel,
  STAFF_EVENTS,
  type StartPageChoice,
  type StoredPreferences,
  startPages,
  storedPreferencesSchema,
} from '@cool/shared';
import type { Config } from '../../config.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import type { Session } from '../../http/access.ts';
import { badRequest, HttpError } from '../../http/reply.ts';
import { listSignIns, toAuditEntry } from '../audit/service.ts';
import { requireCurrentPassword } from '../auth/credentials.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAccountSessions } from '../auth/repository.ts';
import { assertAcceptablePassword } from '../identity/passwordPolicy.ts';
import { normaliseTarget, requireCode, sendCode } from '../messaging/codes.ts';
import * as repo from './repository.ts';

type Limits = Config['loginThrottle'];

const RECENT_SIGN_INS = 10;
const RECENT_ACTIONS = 20;

async function ownAccount(ctx: ServiceContext, session: Session): Promise<repo.AccountRow> {
  const row = await repo.findAccountRow(ctx.db, session.accountId);
  if (!row) throw new HttpError(401, 'auth.signInRequired');
  return row;
}

export async function getProfile(ctx: ServiceContext, session: Session): Promise<Profile> {
  const row = await ownAccount(ctx, session);
  const [role, bindings] = await Promise.all([
    row.roleId ? repo.findRoleRow(ctx.db, row.roleId) : undefined,
    repo.countBindings(ctx.db, row.id),
  ]);
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    avatar: row.avatar,
    email: row.email,
    phone: row.phone,
    profile: row.profile,
    country: row.country,
    region: row.region,
    address: row.address,
    backupEmail: row.backupEmail,
    language: row.language === 'zh-CN' || row.language === 'en-US' ? row.language : null,
    role: role
      ? {
          id: role.id,
          name: role.name,
          // What the session may do: a disabled role grants nothing.
          permissions: Object.entries(session.grants).map(([permissionId, actionList]) => ({
            permissionId,
            actionList: actionList ?? [],
          })),
        }
      : null,
    security: {
      passwordLevel: row.passwordLevel,
      passwordChangedAt: row.passwordChangedAt?.toISOString() ?? null,
      phoneSet: Boolean(row.phone),
      backupEmailSet: Boolean(row.backupEmail),
      twoStepEnabled: row.twoStepEnabled === 1,
      bindings,
    },
  };
}

/** A unique index refusing the write means another account has the email or phone. */
async function unique<T>(write: Promise<T>, field: 'email' | 'phone'): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(field, `profile.${field}Taken`);
    throw error;
  }
}

/**
 * A new sign-in email needs the current password (as a new password does), not a mailed code: recovery links
 * go to it, so whoever holds only the session (an unlocked desk, a stolen token) must not be able to move it
 * and then recover the account. The change is audited.
 */
export async function updateProfile(
  ctx: ServiceContext,
  limits: Limits,
  session: Session,
  input: ProfileUpdate,
) {
  const { avatar, email, currentPassword, ...fields } = input;
  const address = normaliseTarget('email', email);
  const row = await ownAccount(ctx, session);
  if (address !== row.email) {
    if (!currentPassword) throw badRequest('currentPassword', 'field.required');
    await requireCurrentPassword(ctx, limits, row, currentPassword, 'currentPassword');
  }
  return updateOwnAccount(
    ctx,
    session,
    { ...fields, email: address, ...(avatar !== undefined && { avatar }) },
    'email',
  );
}

/** Sets fields of the signed-in account, audited, and answers its profile; `taken` is a unique one. */
async function updateOwnAccount(
  ctx: ServiceContext,
  session: Session,
  fields: Parameters<typeof repo.updateAccountRow>[2],
  taken?: 'email' | 'phone',
) {
  await withTx(ctx, async ({ tx, audit }) => {
    const before = await repo.lockAccountRow(tx, session.accountId);
    if (!before) throw new HttpError(401, 'auth.signInRequired');
    const write = repo.updateAccountRow(tx, session.accountId, fields);
    const after = await (taken ? unique(write, taken) : write);
    await audit({ entityType: 'account', entityId: session.accountId, action: 'update', before, after });
  });
  return getProfile(ctx, session);
}

/** A new password ends every other session of the account; this one stays signed in. */
export async function changePassword(
  ctx: ServiceContext,
  limits: Limits,
  session: Session,
  input: PasswordChange,
) {
  const row = await ownAccount(ctx, session);
  await requireCurrentPassword(ctx, limits, row, input.currentPassword, 'currentPassword');
  assertAcceptablePassword(input.password, 'password', { username: row.username, email: row.email });
  const passwordHash = await hashPassword(input.password);
  await withTx(ctx, async ({ tx, audit }) => {
    await repo.updateAccountRow(tx, row.id, {
      passwordHash,
      passwordChangedAt: new Date(),
      passwordLevel: passwordLevel(input.password),
    });
    await audit({
      entityType: 'account',
      entityId: row.id,
      action: 'change-password',
      changedSecrets: ['password'],
    });
    await revokeAccountSessions(tx, row.id, session.tokenHash);
  });
}

export async function sendPhoneCode(ctx: ServiceContext, session: Session, mobile: string) {
  const row = await ownAccount(ctx, session);
  return sendCode(ctx, { purpose: 'phone', channel: 'sms', target: mobile, language: languageOf(row) });
}

export async function changePhone(ctx: ServiceContext, session: Session, input: PhoneChange) {
  const phone = normaliseTarget('sms', input.mobile);
  await requireCode(ctx, { purpose: 'phone', channel: 'sms', target: phone, code: input.captcha });
  return updateOwnAccount(ctx, session, { phone }, 'phone');
}

export async function sendBackupEmailCode(ctx: ServiceContext, session: Session, email: string) {
  const row = await ownAccount(ctx, session);
  return sendCode(ctx, { purpose: 'email', channel: 'email', target: email, language: languageOf(row) });
}

export async function changeBackupEmail(ctx: ServiceContext, session: Session, input: BackupEmailChange) {
  const backupEmail = normaliseTarget('email', input.email);
  await requireCode(ctx, { purpose: 'email', channel: 'email', target: backupEmail, code: input.captcha });
  return updateOwnAccount(ctx, session, { backupEmail });
}

const languageOf = (row: repo.AccountRow) =>
  row.language === 'zh-CN' || row.language === 'en-US' ? row.language : undefined;

/** Stored settings that no longer parse (a value the console dropped) are left out, not refused. */
export async function getPreferences(ctx: ServiceContext, session: Session) {
  const row = await ownAccount(ctx, session);
  const stored = storedPreferencesSchema.safeParse(row.preferences);
  return stored.success ? stored.data : {};
}

/**
 * The console's language is also the language of the mail and SMS sent to this person. The console saves
 * every setting; an empty document forgets them, and each browser keeps its own until the next change.
 */
export async function savePreferences(ctx: ServiceContext, session: Session, preferences: StoredPreferences) {
  await withTx(ctx, async ({ tx, audit }) => {
    const before = await repo.lockAccountRow(tx, session.accountId);
    if (!before) throw new HttpError(401, 'auth.signInRequired');
    const language = preferences.language ?? before.language;
    await repo.updateAccountRow(tx, session.accountId, { preferences, language });
    await audit({
      entityType: 'account',
      entityId: session.accountId,
      action: 'update',
      before: { preferences: before.preferences, language: before.language },
      after: { preferences, language },
    });
  });
  return preferences;
}

/**
 * Account settings > Custom: the page this person lands on after signing in, one their role may open now (the
 * role may change later: then they land on the role's own until they choose again). Null: the role's.
 */
export async function saveStartPage(ctx: ServiceContext, session: Session, { startPage }: StartPageChoice) {
  const access = grantsAccess(session.grants);
  if (startPage !== null && !startPages(access).includes(startPage))
    throw badRequest('startPage', 'profile.startPageNotAllowed');
  await withTx(ctx, async ({ tx, audit }) => {
    const before = await repo.lockAccountRow(tx, session.accountId);
    if (!before) throw new HttpError(401, 'auth.signInRequired');
    await repo.updateAccountRow(tx, session.accountId, { startPage });
    await audit({
      entityType: 'account',
      entityId: session.accountId,
      action: 'update',
      before: { startPage: before.startPage },
      after: { startPage },
    });
  });
  return { startPage, home: homePath(access, startPage) };
}

/** Nothing is mailed until the person switches an event on. */
export const notificationsOf = (stored: Record<string, boolean>): NotificationSettings =>
  Object.fromEntries(STAFF_EVENTS.map((event) => [event, stored[event] === true])) as NotificationSettings;

export async function getNotifications(ctx: ServiceContext, session: Session) {
  return notificationsOf((await ownAccount(ctx, session)).notifications);
}

export async function saveNotifications(ctx: ServiceContext, session: Session, input: NotificationSettings) {
  await withTx(ctx, async ({ tx, audit }) => {
    const before = await repo.lockAccountRow(tx, session.accountId);
    if (!before) throw new HttpError(401, 'auth.signInRequired');
    await repo.updateAccountRow(tx, session.accountId, { notifications: input });
    await audit({
      entityType: 'account',
      entityId: session.accountId,
      action: 'update',
      before: { notifications: notificationsOf(before.notifications) },
      after: { notifications: input },
    });
  });
  return input;
}

export async function getActivity(ctx: ServiceContext, session: Session): Promise<AccountActivity> {
  const [signIns, actions] = await Promise.all([
    listSignIns(ctx, session.accountId, { pageNo: 1, pageSize: RECENT_SIGN_INS }),
    repo.recentActions(ctx.db, session.accountId, RECENT_ACTIONS),
  ]);
  return { signIns: signIns.data, actions: actions.map(toAuditEntry) };
}
