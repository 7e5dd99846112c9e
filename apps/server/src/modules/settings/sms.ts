/**
 * Outgoing SMS (one JSON document under `sms`): the chosen provider, and each provider's key, sign and
 * templates (both are kept, so switching back needs no retyping). The secrets are write-only: shown as set,
 * with a fingerprint (they are random provider keys, not guessable from it), and each belongs to the key id
 * it was entered with: a new id drops it unless it is entered again. Until the chosen provider is complete, SMS stays in the development outbox.
 */
import type { KeyState, MessageTestResult, SmsSettings, smsSettingsInputSchema } from '@cool/shared';
import type { z } from 'zod';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import { HttpError } from '../../http/reply.ts';
import { secretFingerprint } from '../../integrations/wechatpay/protocol.ts';
import { deliver } from '../messaging/delivery.ts';
import { asStoredSms, isSmsConfigured, SMS, type StoredSms, smsSettings } from '../messaging/stored.ts';
import { testMessage } from '../messaging/templates.ts';
import * as repo from './repository.ts';

/** A write-only secret as the console sees it. */
const secretState = (value: string | null): KeyState =>
  value ? { set: true, fingerprint: secretFingerprint(value) } : { set: false, fingerprint: null };

function view(stored: StoredSms): SmsSettings {
  return {
    provider: stored.provider,
    aliyun: { ...stored.aliyun, accessKeySecret: secretState(stored.aliyun.accessKeySecret) },
    tencent: { ...stored.tencent, secretKey: secretState(stored.tencent.secretKey) },
    configured: isSmsConfigured(stored),
  };
}

export const getSms = async (ctx: Pick<ServiceContext, 'db'>): Promise<SmsSettings> =>
  view(asStoredSms(await repo.findSetting(ctx.db, SMS)));

// Left out keeps the saved secret while its key id is the same; null (or '') removes it.
const keep = (value: string | null | undefined, saved: string | null, sameId: boolean) =>
  value === undefined ? (sameId ? saved : null) : value || null;

export const saveSms = (
  ctx: ServiceContext,
  input: z.output<typeof smsSettingsInputSchema>,
): Promise<SmsSettings> =>
  withTx(ctx, async ({ tx, actor, audit }) => {
    const before = asStoredSms(await repo.lockSetting(tx, SMS));
    // A provider left out keeps what was saved for it.
    const { aliyun = before.aliyun, tencent = before.tencent } = input;
    const after: StoredSms = {
      provider: input.provider,
      aliyun: {
        ...aliyun,
        accessKeySecret: keep(
          aliyun.accessKeySecret,
          before.aliyun.accessKeySecret,
          aliyun.accessKeyId === before.aliyun.accessKeyId,
        ),
      },
      tencent: {
        ...tencent,
        secretKey: keep(
          tencent.secretKey,
          before.tencent.secretKey,
          tencent.secretId === before.tencent.secretId,
        ),
      },
    };
    await repo.saveSetting(tx, SMS, after, actor.accountId);
    const saved = view(after);
    const changedSecrets = [
      ...(before.aliyun.accessKeySecret === after.aliyun.accessKeySecret ? [] : ['aliyun.accessKeySecret']),
      ...(before.tencent.secretKey === after.tencent.secretKey ? [] : ['tencent.secretKey']),
    ];
    await audit({
      entityType: 'settings',
      entityId: SMS,
      action: 'update',
      before: view(before),
      after: saved,
      changedSecrets,
    });
    return saved;
  });

/** Sends the code template (code 000000) with the saved settings; 409 until they are complete. */
export async function testSms(ctx: ServiceContext, to: string): Promise<MessageTestResult> {
  if (!(await smsSettings(ctx))) throw new HttpError(409, 'sms.notConfigured');
  const startedAt = Date.now();
  const sent = await deliver(ctx, testMessage('sms', to, ctx.language));
  return { transport: sent.transport, recipient: to, durationMs: Date.now() - startedAt };
}
