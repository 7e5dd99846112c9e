import type { Executor } from '../../db/database.ts';
import type { ParticipantSession } from '../../http/access.ts';
import { hashToken } from '../auth/service.ts';
import { findLiveParticipantSession } from './repository.ts';

/** Participant tokens end this long after their last use. */
export const PARTICIPANT_SESSION_DAYS = 30;

export async function findParticipantSession(
  db: Executor,
  token: string,
): Promise<ParticipantSession | null> {
  const tokenHash = hashToken(token);
  const row = await findLiveParticipantSession(db, tokenHash);
  if (!row) return null;
  return { tokenHash, participantId: row.participantId, status: row.status };
}
