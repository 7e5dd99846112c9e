import { createHash, randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  type TwoStepDisableBody,
  type TwoStepSetup,
  type TwoStepSetupBody,
  type TwoStepState,
  type TwoStepStatus,
} from '@cool/shared';
import { Secret, TOTP } from 'otpauth';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/database.ts';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import { badRequest, conflict, HttpError } from '../../http/reply.ts';
import { assertPassword, throttledCheck } from '../auth/credentials.ts';
import {
  countRecoveryCodesLeft,
  disableTwoStep,
  enableTwoStep,
  findTwoStepAccount,
  replaceRecoveryCodes,
  setPendingSecret,
  type TwoStepAccount,
  takeTimeStep,
  useRecoveryCode,
} from './repository.ts';

type Limits = Config['loginThrottle'];

const ISSUER = 'Cool Evaluation';
/** Codes of the step before and after the current one count too, for clocks a little off. */
const WINDOW = 1;

const totp = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });

/** The time step the 6-digit code belongs to, or null when it is not a current code of this secret. */
function codeStep(secret: string, code: string): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const generator = totp(secret);
  const timestamp = Date.now();
  const delta = generator.validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? null : generator.counter({ timestamp }) + delta;
}

// No 0/o, 1/l/i: the codes get written down and typed back.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten characters (about 50 bits) shown as `xxxxx-xxxxx`. */
const newRecoveryCode = () => {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
};

/** Case, spaces and the dash do not matter when a recovery code is typed back. */
const recoveryCodeHash = (code: string) =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');

const normalise = (code: string) => code.replace(/\s/g, '');

/**
 * Accepts a current authenticator code (each time step once) or an unused recovery code (then used up).
 * Returns which one it was, or null.
 */
async function useCode(
  db: Executor,
  account: Pick<TwoStepAccount, 'id' | 'totpSecret'>,
  typed: string,
): Promise<'totp' | 'recovery-code' | null> {
  const code = normalise(typed);
  if (!account.totpSecret) return null;
  const step = codeStep(account.totpSecret, code);
  if (step !== null) return (await takeTimeStep(db, account.id, step)) ? 'totp' : null;
  return (await useRecoveryCode(db, account.id, recoveryCodeHash(code))) ? 'recovery-code' : null;
}

async function requireAccount(
  db: Executor,
  accountId: number,
  options?: { lock: boolean },
): Promise<TwoStepAccount> {
  const account = await findTwoStepAccount(db, accountId, options);
  if (!account) throw new HttpError(401, 'auth.signInRequired');
  return account;
}

/**
 * The owner's password and a current code, for turning it off or changing the device: checked together as one
 * guess that counts as a sign-in's do (see `throttledCheck`), the code by `change` in its transaction.
 */
async function withProof<T>(
  ctx: ServiceContext,
  limits: Limits,
  account: TwoStepAccount,
  proof: TwoStepSetupBody,
  change: (code: string) => Promise<T>,
): Promise<T> {
  if (!proof?.password) throw badRequest('password', 'field.required');
  if (!proof.code) throw badRequest('code', 'field.required');
  const { password, code } = proof;
  return throttledCheck(ctx, limits, account.id, async () => {
    await assertPassword(account, password, 'password');
    return change(code);
  });
}

async function requireCode(db: Executor, account: TwoStepAccount, code: string) {
  if (!(await useCode(db, account, code))) throw badRequest('code', 'twoStep.codeInvalid');
}

async function requireEnabled(db: Executor, accountId: number): Promise<TwoStepAccount> {
  const account = await requireAccount(db, accountId);
  if (account.twoStepEnabled !== 1) throw conflict('twoStep.notEnabled');
  return account;
}

export async function twoStepStatus(ctx: ServiceContext, accountId: number): Promise<TwoStepStatus> {
  const account = await requireAccount(ctx.db, accountId);
  return { enabled: account.twoStepEnabled === 1, required: account.required };
}

export const twoStepState = async (ctx: ServiceContext, accountId: number): Promise<TwoStepState> => ({
  ...(await twoStepStatus(ctx, accountId)),
  recoveryCodesLeft: await countRecoveryCodesLeft(ctx.db, accountId),
});

/**
 * A new secret for an authenticator app; the one in use (if any) stays until a code confirms the new one.
 * While one is in use, only its owner may start replacing it: the password and a current code, checked here
 * so that every pending secret of an account with two-step on was started by someone who had them.
 */
export async function startSetup(
  ctx: ServiceContext,
  limits: Limits,
  accountId: number,
  proof: TwoStepSetupBody,
): Promise<TwoStepSetup> {
  const current = await requireAccount(ctx.db, accountId);
  const start = (code: string | null) =>
    withTx(ctx, async ({ tx, audit }) => {
      // Locked, so a set-up started as two-step is being turned on waits and then sees it on.
      const account = await requireAccount(tx, accountId, { lock: true });
      if (account.twoStepEnabled === 1) {
        // Turned on since the read above, so no password was asked for: this set-up starts again.
        if (code === null) throw conflict('twoStep.noSetup');
        await requireCode(tx, account, code);
      }
      const secret = new Secret({ size: 20 }).base32;
      await setPendingSecret(tx, accountId, secret);
      await audit({
        entityType: 'account',
        entityId: accountId,
        action: 'update',
        before: { twoStepSetupStarted: account.totpPendingSecret !== null },
        after: { twoStepSetupStarted: true },
      });
      const otpauthUrl = totp(secret, account.username).toString();
      // Loaded at the first set-up, not on every start's way to serving.
      const { default: QRCode } = await import('qrcode');
      return { secret, otpauthUrl, qrSvg: await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 }) };
    });
  return current.twoStepEnabled === 1 ? withProof(ctx, limits, current, proof, start) : start(null);
}

async function newRecoveryCodes(db: Executor, accountId: number): Promise<RecoveryCodes> {
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(db, accountId, recoveryCodes.map(recoveryCodeHash));
  return { recoveryCodes };
}

/** The first code from the app confirms the pending secret: two-step verification is on, with new recovery codes. */
export const enable = (ctx: ServiceContext, accountId: number, code: string): Promise<RecoveryCodes> =>
  withTx(ctx, async ({ tx, audit }) => {
    const account = await requireAccount(tx, accountId, { lock: true });
    if (!account.totpPendingSecret) throw conflict('twoStep.noSetup');
    const step = codeStep(account.totpPendingSecret, normalise(code));
    if (step === null) throw badRequest('code', 'twoStep.codeInvalid');
    const left = await countRecoveryCodesLeft(tx, accountId);
    await enableTwoStep(tx, accountId, account.totpPendingSecret, step);
    const codes = await newRecoveryCodes(tx, accountId);
    await audit({
      entityType: 'account',
      entityId: accountId,
      action: 'two-step-on',
      before: { twoStepEnabled: account.twoStepEnabled === 1, recoveryCodesLeft: left },
      after: { twoStepEnabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT },
    });
    return codes;
  });

/** Needs a current code, whose guesses count as sign-in's do. */
export const renewRecoveryCodes = (ctx: ServiceContext, limits: Limits, accountId: number, code: string) =>
  throttledCheck(ctx, limits, accountId, () =>
    withTx(ctx, async ({ tx, audit }) => {
      const account = await requireEnabled(tx, accountId);
      const left = await countRecoveryCodesLeft(tx, accountId);
      await requireCode(tx, account, code);
      const codes = await newRecoveryCodes(tx, accountId);
      await audit({
        entityType: 'account',
        entityId: accountId,
        action: 'update',
        before: { recoveryCodesLeft: left },
        after: { recoveryCodesLeft: RECOVERY_CODE_COUNT },
      });
      return codes;
    }),
  );

/** Refused while the role requires two-step verification. */
async function requireDisablable(db: Executor, accountId: number): Promise<TwoStepAccount> {
  const account = await requireEnabled(db, accountId);
  if (account.required) throw conflict('twoStep.requiredByRole');
  return account;
}

/** Needs the password and a code; refused while the role requires two-step verification. */
export async function disable(
  ctx: ServiceContext,
  limits: Limits,
  accountId: number,
  body: TwoStepDisableBody,
) {
  await withProof(ctx, limits, await requireDisablable(ctx.db, accountId), body, (code) =>
    withTx(ctx, async ({ tx, audit }) => {
      await requireCode(tx, await requireDisablable(tx, accountId), code);
      await disableTwoStep(tx, accountId);
      await audit({
        entityType: 'account',
        entityId: accountId,
        action: 'two-step-off',
        before: { twoStepEnabled: true },
        after: { twoStepEnabled: false },
      });
    }),
  );
}

/**
 * Sign-in calls this once the password checks out. `none`: the account has no two-step verification;
 * `missing`: it has and no code came; `wrong`: the code is not a current, unused one. A code that passes is
 * used up at once (its time step, or the recovery code).
 */
export async function checkSecondFactor(
  ctx: ServiceContext,
  accountId: number,
  code: string | undefined,
): Promise<'none' | 'totp' | 'recovery-code' | 'missing' | 'wrong'> {
  const account = await findTwoStepAccount(ctx.db, accountId);
  if (account?.twoStepEnabled !== 1) return 'none';
  if (!code) return 'missing';
  return (await useCode(ctx.db, account, code)) ?? 'wrong';
}
