import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { participantSessions, participants } from '../../db/schema.ts';

/** A live (unexpired, unrevoked) participant session with its participant's status. */
export async function findLiveParticipantSession(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      participantId: participantSessions.participantId,
      expiresAt: participantSessions.expiresAt,
      status: participants.status,
    })
    .from(participantSessions)
    .innerJoin(participants, eq(participants.id, participantSessions.participantId))
    .where(
      and(
        eq(participantSessions.tokenHash, tokenHash),
        isNull(participantSessions.revokedAt),
        gt(participantSessions.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}
