import type { outboxQuerySchema } from '@cool/shared';
import { eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
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

export const listMessages = (db: Executor, query: z.output<typeof outboxQuerySchema>) =>
  messageList.page(db, query, (inPage: SQL, order: SQL[]) =>
    db
      .select()
      .from(messages)
      .where(inPage)
      .orderBy(...order),
  );

export const findMessage = async (db: Executor, id: number): Promise<MessageRow | undefined> =>
  (await db.select().from(messages).where(eq(messages.id, id)).limit(1))[0];
