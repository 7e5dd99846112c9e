/** The development outbox (/system/outbox): every message the server sent or kept, newest first. */
import type { OutboxMessage, outboxQuerySchema, Page } from '@cool/shared';
import type { z } from 'zod';
import type { ServiceContext } from '../../db/tx.ts';
import { notFound } from '../../http/reply.ts';
import * as repo from './repository.ts';

const view = (row: repo.MessageRow): OutboxMessage => ({
  id: row.id,
  channel: row.channel,
  transport: row.transport,
  kind: row.kind,
  recipient: row.recipient,
  subject: row.subject,
  body: row.body,
  status: row.status,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
});

export async function listOutbox(
  ctx: ServiceContext,
  query: z.output<typeof outboxQuerySchema>,
): Promise<Page<OutboxMessage>> {
  const page = await repo.listMessages(ctx.db, query);
  return { ...page, data: page.data.map(view) };
}

export async function getOutboxMessage(ctx: ServiceContext, id: number): Promise<OutboxMessage> {
  const row = await repo.findMessage(ctx.db, id);
  if (!row) throw notFound('outbox.notFound');
  return view(row);
}
