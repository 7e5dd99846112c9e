/**
 * Outgoing mail (one JSON document under `mail`): the SMTP server and the sender. The password is
 * write-only: it leaves the server only as "set" (no fingerprint: a person's password is guessable from one),
 * and the audit log records only that it changed. It belongs to the host and username it was entered with:
 * changing either drops it unless it is entered again (else it would go to the new host at the next mail).
 * With no host saved, mail stays in the development outbox.
 */
import type { MailSettings, MessageTestResult, mailSettingsInputSchema } from '@cool/shared';
import type { z } from 'zod';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import { badRequest, HttpError } from '../../http/reply.ts';
import { mailServerAddress } from '../../integrations/mail/mailServer.ts';
import { deliver } from '../messaging/delivery.ts';
import { asStoredMail, isMailConfigured, MAIL, type StoredMail, smtpSettings } from '../messaging/stored.ts';
import { testMessage } from '../messaging/templates.ts';
import * as repo from './repository.ts';

function view(stored: StoredMail): MailSettings {
  return {
    host: stored.host,
    port: stored.port,
    secure: stored.secure,
    username: stored.username,
    password: { set: stored.password !== null },
    from: { address: stored.fromAddress, name: stored.fromName },
    configured: isMailConfigured(stored),
  };
}

export const getMail = async (ctx: Pick<ServiceContext, 'db'>): Promise<MailSettings> =>
  view(asStoredMail(await repo.findSetting(ctx.db, MAIL)));

export async function saveMail(
  ctx: ServiceContext,
  input: z.output<typeof mailSettingsInputSchema>,
): Promise<MailSettings> {
  if (input.host) {
    // Resolved outside the transaction. A name that does not resolve now is kept (its DNS may be down):
    // sending checks again, and connects only to the address it checked.
    const found = await mailServerAddress(input.host, ctx.smtpAllowPrivate ?? false);
    if (!found.ok && found.reason === 'ownNetwork') throw badRequest('host', 'mail.hostNotAllowed');
  }
  return withTx(ctx, async ({ tx, actor, audit }) => {
    const before = asStoredMail(await repo.lockSetting(tx, MAIL));
    const after: StoredMail = {
      host: input.host,
      port: input.port,
      secure: input.secure,
      username: input.username,
      // Left out keeps the saved password for the same server and user only; null removes it.
      password:
        input.password === undefined
          ? input.host === before.host && input.username === before.username
            ? before.password
            : null
          : input.password || null,
      fromAddress: input.from.address,
      fromName: input.from.name,
    };
    await repo.saveSetting(tx, MAIL, after, actor.accountId);
    const saved = view(after);
    await audit({
      entityType: 'settings',
      entityId: MAIL,
      action: 'update',
      before: view(before),
      after: saved,
      changedSecrets: before.password === after.password ? [] : ['password'],
    });
    return saved;
  });
}

/** Sends a test mail with the saved settings; 409 until they are complete, 502 saying what went wrong. */
export async function testMail(ctx: ServiceContext, to: string): Promise<MessageTestResult> {
  if (!(await smtpSettings(ctx))) throw new HttpError(409, 'mail.notConfigured');
  const startedAt = Date.now();
  const sent = await deliver(ctx, testMessage('email', to, ctx.language));
  return { transport: sent.transport, recipient: to, durationMs: Date.now() - startedAt };
}
