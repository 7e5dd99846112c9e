import { randomBytes } from 'node:crypto';
import {
  type ClientMe,
  type ClientMeInput,
  type Grants,
  grantsAllow,
  ID_MAX,
  type Page,
  type Participant,
  type ParticipantActivity,
  type ParticipantDetail,
  type ParticipantStatus,
  type participantActivityQuerySchema,
  type participantExportSchema,
  type participantListQuerySchema,
} from '@cool/shared';
import { z } from 'zod';
import type { WechatConfig } from '../../config.ts';
import type { Executor } from '../../db/database.ts';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import type { ParticipantSession } from '../../http/access.ts';
import { conflict, HttpError, notFound } from '../../http/reply.ts';
import { exchangeCode } from '../../integrations/wechatOAuth.ts';
import { hashToken } from '../auth/credentials.ts';
import { recordsOfParticipant } from '../records/repository.ts';
import * as repo from './repository.ts';

/** Participant tokens end this long after their last use. */
export const PARTICIPANT_SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The participant behind a token. Each use slides the session's end to 30 days ahead and marks the
 * participant as seen, written at most once a minute per session rather than on every request.
 */
export async function findParticipantSession(
  db: Executor,
  token: string,
): Promise<ParticipantSession | null> {
  const tokenHash = hashToken(token);
  const row = await repo.findLiveParticipantSession(db, tokenHash);
  if (!row) return null;
  if (row.expiresAt.getTime() < Date.now() + PARTICIPANT_SESSION_DAYS * DAY_MS - 60_000) {
    await repo.touchParticipantSession(db, tokenHash, row.participantId, PARTICIPANT_SESSION_DAYS);
  }
  return { tokenHash, participantId: row.participantId, status: row.status };
}

/** Expired and long-revoked participant sessions are only clutter (the hourly `purge-sessions` job). */
export async function purgeParticipantSessions(db: Executor) {
  await repo.deleteParticipantSessionsBefore(db, new Date(), new Date(Date.now() - DAY_MS));
}

/** `138****5678`: enough for staff to tell numbers apart, not to call one. */
export const maskPhone = (phone: string | null) =>
  phone === null ? null : phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';

const toParticipant = (row: repo.ParticipantRow, phone = maskPhone(row.phone)): Participant => ({
  id: row.id,
  nickname: row.nickname,
  avatar: row.avatar,
  phone,
  locale: row.locale,
  status: row.status,
  wechat: row.wechat,
  recordCount: Number(row.recordCount),
  orderCount: Number(row.orderCount),
  erased: row.erasedAt !== null,
  firstSeenTime: row.firstSeenAt.toISOString(),
  lastSeenTime: row.lastSeenAt.toISOString(),
  createTime: row.createdAt.toISOString(),
});

const toClientMe = (row: repo.ParticipantRow): ClientMe => ({
  id: row.id,
  nickname: row.nickname,
  avatar: row.avatar,
  locale: row.locale,
  wechat: row.wechat,
});

// ---- The participant's own side (`/api/client/*`) --------------------------------------------------------
// A participant's own writes are not staff changes: they run without withTx, which would demand an audit row.

export interface NewSession {
  locale?: string | undefined;
  ip: string;
  userAgent: string | undefined;
}

/** Starts an anonymous participant and its session; only the token's hash is stored. */
export async function startClientSession(ctx: ServiceContext, input: NewSession): Promise<{ token: string }> {
  const token = randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    const participant = await repo.insertParticipant(tx, { locale: input.locale ?? null });
    await repo.insertParticipantSession(tx, {
      tokenHash: hashToken(token),
      participantId: participant.id,
      expiresAt: new Date(Date.now() + PARTICIPANT_SESSION_DAYS * DAY_MS),
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 512),
    });
  });
  return { token };
}

async function participantOf(db: Executor, id: number) {
  const row = await repo.findParticipant(db, id);
  // Its session was found a moment ago: the participant was erased or merged meanwhile.
  if (!row) throw new HttpError(401, 'auth.signInRequired');
  return row;
}

export const clientMe = async (ctx: ServiceContext, session: ParticipantSession) =>
  toClientMe(await participantOf(ctx.db, session.participantId));

export async function updateClientMe(
  ctx: ServiceContext,
  session: ParticipantSession,
  input: ClientMeInput,
): Promise<ClientMe> {
  const values = {
    ...(input.nickname !== undefined && { nickname: input.nickname || null }),
    ...(input.locale !== undefined && { locale: input.locale }),
  };
  if (Object.keys(values).length > 0) await repo.updateParticipant(ctx.db, session.participantId, values);
  return clientMe(ctx, session);
}

/**
 * Binds the WeChat identity behind `code` to the session's participant. When another participant already
 * holds that openid, the session now belongs to that participant (the same token goes on working): an
 * anonymous participant is merged into it (its records and sessions move, then it is deleted, all in one
 * transaction); one with a WeChat identity of its own is another person and is left as it is.
 */
export async function wechatLogin(
  ctx: ServiceContext,
  config: WechatConfig | undefined,
  session: ParticipantSession,
  code: string,
): Promise<ClientMe> {
  if (!config) throw new HttpError(503, 'wechat.notConfigured');
  const { openid, unionid } = await exchangeCode(config, code);
  const current = session.participantId;
  const participantId = await ctx.db.transaction(async (tx) => {
    const held = await repo.lockWechatId(tx, config.appId, openid);
    if (!held) {
      if (await repo.insertWechatId(tx, { appId: config.appId, openid, unionid, participantId: current }))
        return current;
      // Bound by a concurrent sign-in: fall through to that holder.
    }
    const holder = held ?? (await repo.lockWechatId(tx, config.appId, openid))!;
    if (unionid && holder.unionid !== unionid) {
      await repo.updateWechatUnionid(tx, config.appId, openid, unionid);
    }
    if (holder.participantId === current) return current;
    const own = await repo.wechatIdsOf(tx, current);
    if (own.length === 0) {
      await repo.moveParticipantHoldings(tx, current, holder.participantId);
      await repo.deleteParticipant(tx, current);
    } else {
      await repo.moveSession(tx, session.tokenHash, holder.participantId);
    }
    return holder.participantId;
  });
  const participant = await participantOf(ctx.db, participantId);
  // Signed in as someone staff blocked: refused now, as every later request would be.
  if (participant.status === 'blocked') throw new HttpError(403, 'participant.blocked');
  return toClientMe(participant);
}

// ---- Staff (`/api/participants`) --------------------------------------------------------------------------

export async function listParticipants(
  ctx: ServiceContext,
  query: z.output<typeof participantListQuerySchema>,
): Promise<Page<Participant>> {
  const page = await repo.listParticipants(ctx.db, query);
  return { ...page, data: page.data.map((row) => toParticipant(row)) };
}

export async function getParticipant(ctx: ServiceContext, id: number): Promise<ParticipantDetail> {
  const row = await repo.findParticipant(ctx.db, id);
  if (!row) throw notFound('participant.notFound');
  return { ...toParticipant(row), records: await recordsOfParticipant(ctx.db, id) };
}

// A client can forge a cursor: each part is bounded, or the database would refuse the comparison.
const activityCursorSchema = z.object({
  p: z.number().int(),
  t: z
    .string()
    .regex(/^(19|2\d)\d\d-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)
    .refine((t) => !Number.isNaN(Date.parse(t))),
  k: z.number().int().min(0).max(9),
  i: z.number().int().positive().max(ID_MAX),
});

const encodeActivityCursor = (pageNo: number, last: repo.ActivityRow, rank: number) =>
  Buffer.from(JSON.stringify({ p: pageNo, t: last.time, k: rank, i: last.id })).toString('base64url');

/** The event a cursor continues after, if it was issued for this page. */
function activitySeek(cursor: string | undefined, pageNo: number): repo.ActivitySeek | undefined {
  if (!cursor) return undefined;
  try {
    const parsed = activityCursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString()));
    return parsed.success && parsed.data.p === pageNo
      ? { time: parsed.data.t, rank: parsed.data.k, id: parsed.data.i }
      : undefined;
  } catch {
    return undefined;
  }
}

const SOURCES = Object.keys(repo.ACTIVITY_SOURCES) as repo.ActivitySource[];

/**
 * What the participant did, newest first, from the areas the role may list (records, orders, alerts: each
 * needs its list's `query`; the route lets in a role with at least one). Paged like a list: a page by number,
 * or after the previous page's `nextCursor`, which comes only when more events follow.
 */
export async function participantActivity(
  ctx: ServiceContext,
  grants: Grants,
  id: number,
  query: z.output<typeof participantActivityQuerySchema>,
): Promise<Page<ParticipantActivity>> {
  const sources = SOURCES.filter((source) => grantsAllow(grants, source, 'query'));
  if (!(await repo.participantExists(ctx.db, id))) throw notFound('participant.notFound');
  const { pageNo, pageSize } = query;
  const seek = activitySeek(query.cursor, pageNo);
  const skip = seek ? 0 : (pageNo - 1) * pageSize;
  // One more than the page: whether another page follows.
  const rows = await repo.participantActivity(ctx.db, id, sources, { pageSize: pageSize + 1, skip, seek });
  const totalCount = await repo.countParticipantActivity(ctx.db, id, sources);
  const data = rows.slice(0, pageSize);
  const last = data.at(-1);
  return {
    pageNo,
    pageSize,
    totalCount,
    totalPage: Math.ceil(totalCount / pageSize),
    data: data.map((row) => ({
      key: `${row.kind}-${row.id}`,
      kind: row.kind,
      time: new Date(row.time).toISOString(),
      title: row.title,
      recordId: row.recordId,
      orderId: row.orderId,
      alertId: row.kind === 'alert' ? row.id : null,
    })),
    ...(rows.length > pageSize &&
      last && { nextCursor: encodeActivityCursor(pageNo + 1, last, repo.rankOf(last.kind)) }),
  };
}

/** The profile's figures of the areas the role may list. */
export async function participantSummary(ctx: ServiceContext, grants: Grants, id: number) {
  const areas = SOURCES.filter((source) => grantsAllow(grants, source, 'query'));
  const summary = await repo.participantSummary(ctx.db, id, areas);
  if (!summary) throw notFound('participant.notFound');
  return summary;
}

/** Blocking revokes nothing: the access check refuses a blocked participant's every request (403). */
export const setParticipantStatus = (ctx: ServiceContext, id: number, status: ParticipantStatus) =>
  withTx(ctx, async ({ tx, audit }) => {
    const before = await repo.lockParticipant(tx, id);
    if (!before) throw notFound('participant.notFound');
    const after = await repo.updateParticipant(tx, id, { status });
    await audit({
      entityType: 'participant',
      entityId: id,
      action: status === 'blocked' ? 'block' : 'unblock',
      before: { status: before.status },
      after: { status: after.status },
    });
    return toParticipant((await repo.findParticipant(tx, id))!);
  });

/** A participant that is gone (erased) holds nothing more to export or erase. */
async function lockPresent(db: Executor, id: number) {
  const row = await repo.lockParticipant(db, id);
  if (!row) throw notFound('participant.notFound');
  if (row.erasedAt) throw conflict('participant.erased');
  return row;
}

/**
 * Everything held on one participant (the right to a copy): the full phone number, WeChat ids, the
 * addresses and devices of their sessions (never the token hashes), records with answers and reports.
 */
export const exportParticipant = (ctx: ServiceContext, id: number) =>
  withTx(ctx, async ({ tx, audit }): Promise<z.input<typeof participantExportSchema>> => {
    await lockPresent(tx, id);
    const row = (await repo.findParticipant(tx, id))!;
    const wechat = await repo.wechatIdsOf(tx, id);
    const sessions = (await repo.sessionsOf(tx, id)).map((session) => ({
      ...session,
      createdAt: session.createdAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
    }));
    const records = (await repo.recordsForExport(tx, id)).map((record) => ({
      ...record,
      unlockedAt: record.unlockedAt?.toISOString() ?? null,
      startedAt: record.startedAt.toISOString(),
      updatedAt: record.updatedAt.toISOString(),
      submittedAt: record.submittedAt?.toISOString() ?? null,
    }));
    // The entry says that a copy left, and of how much; never what was in it.
    await audit({
      entityType: 'participant',
      entityId: id,
      action: 'export',
      after: { records: records.length, wechatIds: wechat.length },
    });
    return {
      exportedAt: new Date().toISOString(),
      participant: toParticipant(row, row.phone),
      wechat,
      sessions,
      records,
    };
  });

/**
 * Erases a participant on request: personal fields cleared, WeChat ids and sessions deleted (signing them
 * out), `erased_at` set. Their records stay, anonymous, for the statistics.
 */
export const eraseParticipant = (ctx: ServiceContext, id: number) =>
  withTx(ctx, async ({ tx, audit }) => {
    await lockPresent(tx, id);
    const wechatIds = await repo.deleteWechatIds(tx, id);
    const sessions = await repo.deleteParticipantSessions(tx, id);
    await repo.updateParticipant(tx, id, {
      nickname: null,
      avatar: null,
      phone: null,
      locale: null,
      erasedAt: new Date(),
    });
    // Counts only: the audit log must not keep the personal data the erase removed.
    await audit({
      entityType: 'participant',
      entityId: id,
      action: 'erase',
      before: { erased: false, wechatIds, sessions },
      after: { erased: true, wechatIds: 0, sessions: 0 },
    });
    return toParticipant((await repo.findParticipant(tx, id))!);
  });
