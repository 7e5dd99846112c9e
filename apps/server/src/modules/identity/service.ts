/**
 * Staff identity flows: sign-up with activation, invitations accepted, password recovery by mail
 * link or SMS code, and the codes of SMS sign-in. Nothing a stranger can ask tells whether an email or phone
 * belongs to an account: known and unknown get the same answer, and only the owner is written to.
 */
import {
  type ConsolePolicies,
  DEFAULT_LANGUAGE,
  type Language,
  type LinkPurpose,
  passwordLevel,
  type RegisterBody,
  type SignInOptions,
  type SignUpSettings,
  signUpSettingsSchema,
} from '@cool/shared';
import { isUniqueViolation } from '../../db/errors.ts';
import { type ServiceContext, SYSTEM_ACTOR, type TxScope, withTx } from '../../db/tx.ts';
import { badRequest, httpError } from '../../http/reply.ts';
import { runLater } from '../../jobs/background.ts';
import { defineJob } from '../../jobs/jobs.ts';
import { insertAccount, lockAccount, updateAccount } from '../accounts/repository.ts';
import { accountThrottleKey } from '../auth/credentials.ts';
import { hashPassword } from '../auth/passwords.ts';
import { clearFailures, revokeAccountSessions } from '../auth/repository.ts';
import { requireCode, sendCode } from '../messaging/codes.ts';
import { deliver, transportFor } from '../messaging/delivery.ts';
import { type LinkKind, linkMessage } from '../messaging/templates.ts';
import { notifyStaff } from '../notifications/service.ts';
import { getGeneral } from '../settings/general.ts';
import * as settings from '../settings/repository.ts';
import { issueLink, peekLink, useLink } from './links.ts';
import { assertAcceptablePassword } from './passwordPolicy.ts';
import * as repo from './repository.ts';

const SIGN_UP = 'signUp';
/** On by default: a fresh install can sign people up, and they hold no role until an admin approves them. */
const DEFAULT_SIGN_UP: SignUpSettings = { enabled: true };
/** A recovery mail is not sent again to the same account sooner than this. */
const RECOVERY_MAIL_GAP_MS = 60 * 1000;

export async function getSignUp(ctx: ServiceContext): Promise<SignUpSettings> {
  const parsed = signUpSettingsSchema.safeParse(await settings.findSetting(ctx.db, SIGN_UP));
  return parsed.success ? parsed.data : DEFAULT_SIGN_UP;
}

export const saveSignUp = (ctx: ServiceContext, value: SignUpSettings): Promise<SignUpSettings> =>
  withTx(ctx, async ({ tx, actor, audit }) => {
    const stored = signUpSettingsSchema.safeParse(await settings.lockSetting(tx, SIGN_UP));
    const before = stored.success ? stored.data : DEFAULT_SIGN_UP;
    await settings.saveSetting(tx, SIGN_UP, value, actor.accountId);
    await audit({ entityType: 'settings', entityId: SIGN_UP, action: 'update', before, after: value });
    return value;
  });

/** The general settings' privacy policy, disclaimer (as the terms) and hotline, for the console footer. */
export async function consolePolicies(ctx: ServiceContext): Promise<ConsolePolicies> {
  const { privacyPolicy, disclaimer, hotline } = await getGeneral(ctx);
  return { privacyPolicy, terms: disclaimer, hotline };
}

export const signInOptions = async (ctx: ServiceContext): Promise<SignInOptions> => ({
  signUp: (await getSignUp(ctx)).enabled,
  outbox: {
    email: !(await transportFor(ctx, 'email')),
    sms: !(await transportFor(ctx, 'sms')),
  },
});

async function requireSignUpOn(ctx: ServiceContext) {
  if (!(await getSignUp(ctx)).enabled) throw httpError(403, 'signUp.disabled');
}

/** The sign-in code goes only to an enabled account's security phone; the answer is the same either way. */
export async function sendSignInCode(ctx: ServiceContext, mobile: string) {
  const account = await repo.findByPhone(ctx.db, mobile);
  const send = account?.status === 'enabled';
  return sendCode(ctx, { purpose: 'sign-in', channel: 'sms', target: mobile, language: lang(account), send });
}

/** Anyone may prove a phone for sign-up: the code goes to the phone, so only its holder reads it. */
export async function sendSignUpCode(ctx: ServiceContext, mobile: string) {
  await requireSignUpOn(ctx);
  return sendCode(ctx, { purpose: 'sign-up', channel: 'sms', target: mobile });
}

const lang = (account: repo.Someone | undefined) =>
  (account?.language as ServiceContext['language']) ?? undefined;

async function mailLink(
  ctx: ServiceContext,
  publicUrl: string,
  account: NonNullable<repo.Someone>,
  kind: LinkKind,
) {
  const purpose: LinkPurpose =
    kind === 'activation' ? 'activate' : kind === 'invitation' ? 'invite' : 'recover';
  const { url } = await issueLink(ctx.db, account.id, purpose, publicUrl);
  const language = lang(account) ?? ctx.language ?? DEFAULT_LANGUAGE;
  await deliver(ctx, linkMessage(account.email ?? '', kind, url, account.name, language));
}

/** A free username from the email's local part: `ada`, else `ada2`, `ada3`... */
async function freeUsername(ctx: ServiceContext, email: string) {
  const base = (email.split('@')[0] ?? '').replace(/[^a-zA-Z0-9_.-]/g, '').slice(0, 24) || 'user';
  const taken = new Set(await repo.usernamesLike(ctx.db, base));
  let username = base;
  for (let n = 2; taken.has(username.toLowerCase()); n++) username = `${base}${n}`;
  return username;
}

/**
 * The phone and its code: required when SMS is set up; without SMS (codes would sit in the outbox only an
 * administrator reads) only the email is verified, and a phone given anyway must still come with its code.
 */
async function provePhone(ctx: ServiceContext, body: RegisterBody) {
  if (!body.mobile) {
    if (await transportFor(ctx, 'sms')) throw badRequest('mobile', 'field.required');
    return null;
  }
  if (!body.captcha) throw badRequest('captcha', 'field.required');
  await requireCode(ctx, { purpose: 'sign-up', channel: 'sms', target: body.mobile, code: body.captcha });
  return body.mobile;
}

/**
 * Signs someone up: a pending account with no role and an activation mail (24 hours). An email already in
 * use answers the same, and its owner is mailed instead: the activation link again while it is not yet
 * activated, a recovery link once enabled. A phone already in use is said plainly: the code just proved
 * the caller holds that phone.
 */
export async function register(ctx: ServiceContext, publicUrl: string, body: RegisterBody) {
  await requireSignUpOn(ctx);
  const email = body.email.trim().toLowerCase();
  assertAcceptablePassword(body.password, 'password', { email });
  const phone = await provePhone(ctx, body);
  const owner = await repo.findByEmail(ctx.db, email);
  if (owner) {
    if (owner.status === 'pending' && !owner.activatedAt) await mailLink(ctx, publicUrl, owner, 'activation');
    if (owner.status === 'enabled') await mailLink(ctx, publicUrl, owner, 'recovery-link');
    return { email };
  }
  if (phone && (await repo.findByPhone(ctx.db, phone))) throw badRequest('mobile', 'signUp.phoneInUse');
  const username = await freeUsername(ctx, email);
  const passwordHash = await hashPassword(body.password);
  const insertPending = () =>
    withTx(ctx, async ({ tx, audit }) => {
      const row = await insertAccount(tx, {
        username,
        name: body.name,
        email,
        phone,
        status: 'pending',
        roleId: null,
        passwordHash,
        passwordChangedAt: new Date(),
        passwordLevel: passwordLevel(body.password),
        language: ctx.language ?? null,
      });
      const after = { username, name: body.name, email, phone, status: 'pending' };
      await audit({
        entityType: 'account',
        entityId: row.id,
        action: 'sign-up',
        after,
        actor: { accountId: row.id, username },
      });
      return row;
    });
  let created: Awaited<ReturnType<typeof insertAccount>>;
  try {
    created = await insertPending();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another sign-up took the address or the phone a moment ago: answered as if it had come first.
    if (await repo.findByEmail(ctx.db, email)) return { email };
    throw badRequest('mobile', 'signUp.phoneInUse');
  }
  await mailLink(ctx, publicUrl, created, 'activation');
  return { email };
}

const linkInvalid = () => httpError(410, 'recovery.linkInvalid');

/** Whether a mailed link still works, so its page can say "expired" before asking for anything. */
export const checkLink = async (ctx: ServiceContext, purpose: LinkPurpose, token: string) => ({
  valid: (await peekLink(ctx.db, token, purpose)) !== null,
});

/** Confirms the email of a signed-up account; it then waits for an administrator's approval. */
export async function activate(ctx: ServiceContext, token: string) {
  const account = await withTx(ctx, async ({ tx, audit }) => {
    const id = await useLink(tx, token, 'activate');
    const before = id === null ? undefined : await lockAccount(tx, id);
    if (!before) throw linkInvalid();
    const after = await updateAccount(tx, before.id, { activatedAt: new Date() });
    const actor = { accountId: before.id, username: before.username };
    await audit({ entityType: 'account', entityId: before.id, action: 'activate', before, after, actor });
    return after ?? before;
  });
  const awaitingApproval = account.status === 'pending';
  if (awaitingApproval) {
    await notifyStaff(ctx, 'signUp', { username: account.username, email: account.email ?? '' });
  }
  return { awaitingApproval };
}

/** The stored form of a new password, once the policy accepts it (before any link or code is used up). */
async function newPassword(password: string, account: repo.Someone) {
  assertAcceptablePassword(password, 'password', account);
  return {
    passwordHash: await hashPassword(password),
    passwordChangedAt: new Date(),
    passwordLevel: passwordLevel(password),
  };
}

/** Recovery: the new password, every session of the account ended and its sign-in lock cleared. */
async function recover(
  ctx: ServiceContext,
  account: NonNullable<repo.Someone>,
  password: Awaited<ReturnType<typeof newPassword>>,
  useUp: (tx: TxScope['tx']) => Promise<boolean>,
) {
  await withTx(ctx, async ({ tx, audit }) => {
    if (!(await useUp(tx))) throw linkInvalid();
    const before = await lockAccount(tx, account.id);
    const after = await updateAccount(tx, account.id, password);
    await revokeAccountSessions(tx, account.id);
    await clearFailures(tx, accountThrottleKey(account.id));
    const actor = { accountId: account.id, username: account.username };
    await audit({
      entityType: 'account',
      entityId: account.id,
      action: 'recover',
      before,
      after,
      actor,
      changedSecrets: ['password'],
    });
  });
}

/**
 * Mails a recovery link (30 minutes, one use) to an enabled account with that email, after the answer: the
 * answer is the same always, and so is its timing (only queueing the work), whoever the address belongs to.
 */
export async function requestRecovery(ctx: ServiceContext, publicUrl: string, email: string) {
  const data = { email, publicUrl, ...(ctx.language && { language: ctx.language }) };
  await runLater(ctx, recoveryMailJob, data, () => mailRecoveryLink(ctx, publicUrl, email));
}

export const recoveryMailJob = defineJob<{ email: string; publicUrl: string; language?: Language }>({
  name: 'recovery-mail',
  // A retry would find the link this run issued and send nothing: a mail that did not go is in the outbox's
  // failures, and the person asks again.
  retryLimit: 0,
  // Asked again within the gap, no mail would go (`mailRecoveryLink`): one run per address per gap.
  collapse: { key: ({ email }) => email.trim().toLowerCase(), seconds: RECOVERY_MAIL_GAP_MS / 1000 },
  run: ({ email, publicUrl, language }, { database, log, smtpAllowPrivate }) =>
    mailRecoveryLink(
      { db: database.db, actor: SYSTEM_ACTOR, log, smtpAllowPrivate, ...(language && { language }) },
      publicUrl,
      email,
    ),
});

async function mailRecoveryLink(ctx: ServiceContext, publicUrl: string, email: string) {
  const account = await repo.findByEmail(ctx.db, email);
  if (account?.status !== 'enabled') return;
  const since = new Date(Date.now() - RECOVERY_MAIL_GAP_MS);
  if (await repo.linkIssuedSince(ctx.db, account.id, 'recover', since)) return;
  await mailLink(ctx, publicUrl, account, 'recovery-link');
}

export async function resetWithLink(ctx: ServiceContext, token: string, password: string) {
  const id = await peekLink(ctx.db, token, 'recover');
  const account = id === null ? undefined : await repo.findById(ctx.db, id);
  if (!account) throw linkInvalid();
  const values = await newPassword(password, account);
  await recover(ctx, account, values, async (tx) => (await useLink(tx, token, 'recover')) === account.id);
}

/** The recovery code goes only to an enabled account's security phone; the answer is the same either way. */
export async function sendRecoveryCode(ctx: ServiceContext, mobile: string) {
  const account = await repo.findByPhone(ctx.db, mobile);
  const send = account?.status === 'enabled';
  return sendCode(ctx, { purpose: 'recover', channel: 'sms', target: mobile, language: lang(account), send });
}

export async function resetWithCode(
  ctx: ServiceContext,
  body: { mobile: string; captcha: string; password: string },
) {
  const account = await repo.findByPhone(ctx.db, body.mobile);
  // The rules that hold for anyone first; the ones about the account's own name and email only once the code
  // checked out, or a refusal would tell whose phone this is.
  assertAcceptablePassword(body.password, 'password');
  // Outside the change, so a wrong code's try is counted; an unknown phone's code matches nothing.
  await requireCode(ctx, { purpose: 'recover', channel: 'sms', target: body.mobile, code: body.captcha });
  if (!account) throw badRequest('captcha', 'code.invalid');
  await recover(ctx, account, await newPassword(body.password, account), async () => true);
}

/** An invited account chooses its password: the email is thereby confirmed and the account enabled. */
export async function acceptInvitation(ctx: ServiceContext, token: string, password: string) {
  const id = await peekLink(ctx.db, token, 'invite');
  const account = id === null ? undefined : await repo.findById(ctx.db, id);
  if (!account) throw linkInvalid();
  const values = await newPassword(password, account);
  await withTx(ctx, async ({ tx, audit }) => {
    if ((await useLink(tx, token, 'invite')) !== account.id) throw linkInvalid();
    const before = await lockAccount(tx, account.id);
    // The inviting admin chose the role; without one the account waits for approval like a sign-up.
    const status = before?.roleId ? 'enabled' : 'pending';
    const after = await updateAccount(tx, account.id, { ...values, activatedAt: new Date(), status });
    const actor = { accountId: account.id, username: account.username };
    await audit({
      entityType: 'account',
      entityId: account.id,
      action: 'activate',
      before,
      after,
      actor,
      changedSecrets: ['password'],
    });
  });
}
