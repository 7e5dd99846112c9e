import type { outboxQuerySchema } from '@cool/shared';
import { eq, gte, ilike, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { containsPattern, defineList } from '../../db/list.ts';
import { messages } from '../../db/schema.ts';

export type MessageRow = typeof messages.$inferSelect;

export const messageList = defineList({
  table: messages,
  id: messages.id,
  filters: {
    channel: (channel: 'email' | 'sms') => eq(messages.channel, channel),
    // The whole number or address, or any part of it (a phone's last digits).
    recipient: (recipient: string) => ilike(messages.recipient, containsPattern(recipient)),
    kind: (kind: string) => eq(messages.kind, kind),
    from: (from: string) => gte(messages.createdAt, new Date(from)),
    to: (to: string) => lt(messages.createdAt, new Date(to)),
  },
  sorts: { time: messages.createdAt },
  defaultSort: { field: 'time', order: 'descend' },
});

// Built once per list shape (see `pages` in db/list.ts).
const messagePages = messageList.pages((db, inPage, order) =>
  db
    .select()
    .from(messages)
    .where(inPage)
    .orderBy(...order),
);

export const listMessages = (db: Executor, query: z.output<typeof outboxQuerySchema>) =>
  messagePages(db, query);

export const findMessage = async (db: Executor, id: number): Promise<MessageRow | undefined> =>
  (await db.select().from(messages).where(eq(messages.id, id)).limit(1))[0];
