/**
 * Verification codes: 6 digits, valid 5 minutes, one use, refused after 5 wrong tries; one send
 * per target every 60 s, at most 10 an hour per target and 30 an hour per client address. Only hashes are
 * stored. Requests for a target that names no account are throttled and answered alike but send nothing,
 * so the answer does not tell whether a phone or email is known.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_LENGTH,
  CODE_MAX_TRIES,
  CODE_RESEND_SECONDS,
  CODE_TTL_MS,
  DEFAULT_LANGUAGE,
  type Language,
} from '@cool/shared';
import type { ServiceContext } from '../../db/tx.ts';
import { badRequest, httpError } from '../../http/reply.ts';
import { deliver } from './delivery.ts';
import * as repo from './repository.ts';
import { type CodePurpose, codeMessage } from './templates.ts';

export type { CodePurpose };

const PER_TARGET_HOURLY = 10;
const PER_ADDRESS_HOURLY = 30;

const hashCode = (target: string, purpose: string, code: string) =>
  createHash('sha256').update(`${purpose}\n${target}\n${code}`).digest('hex');

/** Phone numbers as stored and looked up: digits with an optional leading +; emails lower-cased. */
export const normaliseTarget = (channel: 'sms' | 'email', target: string) =>
  channel === 'email' ? target.trim().toLowerCase() : target.replace(/[\s()-]/g, '');

export interface CodeRequest {
  purpose: CodePurpose;
  channel: 'sms' | 'email';
  target: string;
  language?: Language | undefined;
  /** False when the target names no account: throttled and stored alike, but nothing is sent. */
  send?: boolean;
}

/** Issues a code and sends it; answers how long until another may be requested. 429 when throttled. */
export async function sendCode(
  ctx: ServiceContext,
  request: CodeRequest,
): Promise<{ resendAfterSeconds: number }> {
  const target = normaliseTarget(request.channel, request.target);
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const ip = ctx.actor.ip ?? '';
  await ctx.db.transaction(async (tx) => {
    await repo.lockCodeTarget(tx, target);
    await repo.lockCodeTarget(tx, `ip:${ip}`);
    const last = await repo.lastCodeAt(tx, target, request.purpose);
    const wait = last ? Math.ceil((last.getTime() + CODE_RESEND_SECONDS * 1000 - Date.now()) / 1000) : 0;
    if (wait > 0) {
      throw httpError(429, 'code.tooSoon', { seconds: wait }, { headers: { 'retry-after': String(wait) } });
    }
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    if (
      (await repo.codesSince(tx, { target }, hourAgo)) >= PER_TARGET_HOURLY ||
      (ip && (await repo.codesSince(tx, { ip }, hourAgo)) >= PER_ADDRESS_HOURLY)
    ) {
      throw httpError(429, 'code.tooMany', undefined, { headers: { 'retry-after': '3600' } });
    }
    await repo.insertCode(tx, {
      purpose: request.purpose,
      channel: request.channel,
      target,
      // An unknown target gets a code nobody can know.
      codeHash: hashCode(target, request.purpose, request.send === false ? `x${randomInt(2 ** 47)}` : code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
      ip: ip || null,
    });
  });
  if (request.send !== false) {
    const language = request.language ?? ctx.language ?? DEFAULT_LANGUAGE;
    await deliver(ctx, codeMessage(request.channel, target, request.purpose, code, language));
  }
  return { resendAfterSeconds: CODE_RESEND_SECONDS };
}

/**
 * Checks a code against the newest live one for the target and purpose: a match uses it up, a miss counts
 * a try, and the fifth miss ends it. Pass a transaction to consume it together with the change it allows.
 */
export async function checkCode(
  ctx: Pick<ServiceContext, 'db'>,
  check: { purpose: CodePurpose; channel: 'sms' | 'email'; target: string; code: string },
): Promise<boolean> {
  const target = normaliseTarget(check.channel, check.target);
  return ctx.db.transaction(async (tx) => {
    const live = await repo.lockLiveCode(tx, target, check.purpose);
    if (!live || live.attempts >= CODE_MAX_TRIES) return false;
    const expected = Buffer.from(live.codeHash, 'hex');
    const given = Buffer.from(hashCode(target, check.purpose, check.code.trim()), 'hex');
    const matches = timingSafeEqual(expected, given);
    await repo.countTry(tx, live.id, matches);
    return matches;
  });
}

/** Throws 400 `code.invalid` on the field unless the code checks out. */
export async function requireCode(
  ctx: Pick<ServiceContext, 'db'>,
  check: Parameters<typeof checkCode>[1],
  field = 'captcha',
): Promise<void> {
  if (!(await checkCode(ctx, check))) throw badRequest(field, 'code.invalid');
}
