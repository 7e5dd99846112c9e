/** Reading what the identity flows sent, from the development outbox (the `messages` table). */
import { and, desc, eq } from 'drizzle-orm';
import { messages } from '../src/db/schema.ts';
import { settledBackground } from '../src/jobs/background.ts';
import type { TestServer } from './helpers.ts';

// Each read waits for the mail still on its way in the background (recovery links go out after the answer).
async function lastMessage(server: TestServer, recipient: string, kind: string) {
  await settledBackground();
  const [message] = await server.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.recipient, recipient), eq(messages.kind, kind)))
    .orderBy(desc(messages.id))
    .limit(1);
  return message;
}

export async function messageCount(server: TestServer, recipient: string) {
  await settledBackground();
  return (await server.database.db.select().from(messages).where(eq(messages.recipient, recipient))).length;
}

/** The 6-digit code last sent to a phone. */
export async function lastCode(server: TestServer, phone: string, kind: string): Promise<string> {
  const code = (await lastMessage(server, phone, kind))?.body?.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no ${kind} for ${phone}`);
  return code;
}

/** The token of the link last mailed to an address. */
export async function lastToken(server: TestServer, email: string, kind: string): Promise<string> {
  const token = (await lastMessage(server, email, kind))?.body?.match(/\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no ${kind} for ${email}`);
  return token;
}

/** Status and body of an answer, without its timestamp: two answers alike compare equal. */
export const answer = (res: { status: number; body: { timestamp?: number } }) => {
  const { timestamp: _, ...body } = res.body;
  return { status: res.status, body };
};
