/**
 * Single-use links mailed to staff: activation (24 hours, docs/spec.md section 2), password recovery
 * (30 minutes) and invitations (7 days). The link carries a 256-bit token; only its SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ACTIVATION_TTL_MS, INVITATION_TTL_MS, RECOVERY_LINK_TTL_MS } from '@cool/shared';
import type { Executor } from '../../db/database.ts';
import * as repo from './repository.ts';

export type LinkPurpose = 'activate' | 'recover' | 'invite';

const TTL: Record<LinkPurpose, number> = {
  activate: ACTIVATION_TTL_MS,
  recover: RECOVERY_LINK_TTL_MS,
  invite: INVITATION_TTL_MS,
};

/** The console page each link opens. */
const PAGE: Record<LinkPurpose, string> = {
  activate: '/user/activate',
  recover: '/user/reset',
  invite: '/user/invite',
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues a link for the account, ending any earlier unused link of the same purpose (only the newest
 * mail's link works). `publicUrl` is the server's configured `PUBLIC_URL`.
 */
export async function issueLink(
  db: Executor,
  accountId: number,
  purpose: LinkPurpose,
  publicUrl: string,
): Promise<{ url: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TTL[purpose]);
  await repo.endUnusedLinks(db, accountId, purpose);
  await repo.insertLink(db, { tokenHash: hashToken(token), accountId, purpose, expiresAt });
  return { url: `${publicUrl}${PAGE[purpose]}?token=${token}`, expiresAt };
}

/**
 * Uses a link up: answers its account id when the token is live (unused, unexpired, this purpose) and marks
 * it used, or null. Call it in the transaction that makes the change the link allows.
 */
export async function useLink(db: Executor, token: string, purpose: LinkPurpose): Promise<number | null> {
  return repo.useLiveLink(db, hashToken(token), purpose);
}

/** Whether a token is live, without using it (the page checks before asking for a new password). */
export async function peekLink(db: Executor, token: string, purpose: LinkPurpose): Promise<number | null> {
  return repo.findLiveLink(db, hashToken(token), purpose);
}
