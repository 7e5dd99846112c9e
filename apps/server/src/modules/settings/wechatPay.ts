/**
 * The WeChat Pay merchant settings (one JSON document under `wechatPay`). The private key and the APIv3 key
 * are write-only: they are stored for the server's own calls, and leave it only as "set" and a fingerprint;
 * they are never logged, and the audit log records only that they changed.
 */
import {
  DEFAULT_ORDER_EXPIRE_MINUTES,
  type KeyState,
  type WechatPaySettings,
  type WechatPayTestResult,
  type wechatPaySettingsInputSchema,
} from '@cool/shared';
import { z } from 'zod';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import { type FieldProblem, HttpError } from '../../http/reply.ts';
import { WechatPayError, wechatPayClient } from '../../integrations/wechatpay/client.ts';
import {
  KeyError,
  keyFingerprint,
  loadMerchant,
  type MerchantConfig,
  readCertificate,
  readPrivateKey,
  readPublicKey,
  secretFingerprint,
} from '../../integrations/wechatpay/protocol.ts';
import { recordPayCall } from '../paylog/callLog.ts';
import * as repo from './repository.ts';

const WECHAT_PAY = 'wechatPay';

const storedSchema = z.object({
  appId: z.string().default(''),
  mchId: z.string().default(''),
  merchantSerialNo: z.string().default(''),
  merchantPrivateKey: z.string().nullable().default(null),
  apiV3Key: z.string().nullable().default(null),
  platformPublicKeyId: z.string().default(''),
  platformPublicKey: z.string().nullable().default(null),
  platformCertificates: z.array(z.string()).default([]),
  notifyBaseUrl: z.string().default(''),
  orderExpireMinutes: z.number().int().default(DEFAULT_ORDER_EXPIRE_MINUTES),
});
type Stored = z.infer<typeof storedSchema>;

/** The saved document; one that no longer parses counts as never saved. */
const asStored = (value: unknown): Stored => {
  const parsed = storedSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : storedSchema.parse({});
};

/** The merchant as the WeChat Pay client takes it, or undefined while something it needs is missing. */
function merchantOf(stored: Stored): MerchantConfig | undefined {
  const { appId, mchId, merchantSerialNo, merchantPrivateKey, apiV3Key } = stored;
  const platform =
    (stored.platformPublicKeyId && stored.platformPublicKey) || stored.platformCertificates.length > 0;
  if (!appId || !mchId || !merchantSerialNo || !merchantPrivateKey || !apiV3Key || !platform)
    return undefined;
  return {
    appId,
    mchId,
    merchantSerialNo,
    merchantPrivateKey,
    apiV3Key,
    platformPublicKeyId: stored.platformPublicKeyId || null,
    platformPublicKey: stored.platformPublicKey,
    platformCertificates: stored.platformCertificates,
  };
}

const keyState = (value: string | null, fingerprint: (value: string) => string): KeyState => {
  if (!value) return { set: false, fingerprint: null };
  try {
    return { set: true, fingerprint: fingerprint(value) };
  } catch {
    return { set: true, fingerprint: null };
  }
};

function view(stored: Stored): WechatPaySettings {
  return {
    appId: stored.appId,
    mchId: stored.mchId,
    merchantSerialNo: stored.merchantSerialNo,
    merchantPrivateKey: keyState(stored.merchantPrivateKey, (pem) => keyFingerprint(readPrivateKey(pem))),
    apiV3Key: keyState(stored.apiV3Key, secretFingerprint),
    platformPublicKeyId: stored.platformPublicKeyId,
    platformPublicKey: keyState(stored.platformPublicKey, (pem) => keyFingerprint(readPublicKey(pem))),
    platformCertificates: stored.platformCertificates.flatMap((pem) => {
      try {
        const certificate = readCertificate(pem);
        const { serialNo, validTo, key } = certificate;
        return [{ serialNo, validTo: validTo.toISOString(), fingerprint: keyFingerprint(key) }];
      } catch {
        return [];
      }
    }),
    notifyBaseUrl: stored.notifyBaseUrl,
    orderExpireMinutes: stored.orderExpireMinutes,
    configured: merchantOf(stored) !== undefined,
  };
}

/** Keys that do not parse, certificates that are not valid now, and a public key without its id. */
function keyProblems(stored: Stored, now: number): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const check = (field: string, error: FieldProblem['error'], read: () => unknown) => {
    try {
      read();
    } catch (caught) {
      if (!(caught instanceof KeyError)) throw caught;
      problems.push({ field, error });
    }
  };
  const { merchantPrivateKey, platformPublicKey } = stored;
  if (merchantPrivateKey !== null)
    check('merchantPrivateKey', 'wechatpay.privateKeyInvalid', () => readPrivateKey(merchantPrivateKey));
  if (platformPublicKey !== null)
    check('platformPublicKey', 'wechatpay.publicKeyInvalid', () => readPublicKey(platformPublicKey));
  for (const [index, pem] of stored.platformCertificates.entries()) {
    check(`platformCertificates.${index}`, 'wechatpay.certificateInvalid', () => {
      const { validFrom, validTo } = readCertificate(pem);
      if (now < validFrom.getTime() || now > validTo.getTime()) throw new KeyError('expired');
    });
  }
  if (Boolean(stored.platformPublicKeyId) !== Boolean(platformPublicKey)) {
    const field = stored.platformPublicKeyId ? 'platformPublicKey' : 'platformPublicKeyId';
    problems.push({ field, error: 'wechatpay.publicKeyIncomplete' });
  }
  return problems;
}

export const getWechatPay = async (ctx: ServiceContext): Promise<WechatPaySettings> =>
  view(asStored(await repo.findSetting(ctx.db, WECHAT_PAY)));

/** What orders need to call WeChat Pay, or undefined until staff have set the merchant up. */
export async function getWechatPayMerchant(
  ctx: ServiceContext,
): Promise<{ merchant: MerchantConfig; notifyBaseUrl: string; orderExpireMinutes: number } | undefined> {
  const stored = asStored(await repo.findSetting(ctx.db, WECHAT_PAY));
  const merchant = merchantOf(stored);
  return (
    merchant && {
      merchant,
      notifyBaseUrl: stored.notifyBaseUrl,
      orderExpireMinutes: stored.orderExpireMinutes,
    }
  );
}

/** Whether orders can be paid: the merchant is set up. */
export const wechatPayReady = async (ctx: ServiceContext) => (await getWechatPayMerchant(ctx)) !== undefined;

const SECRETS = ['merchantPrivateKey', 'apiV3Key'] as const;

export const saveWechatPay = (
  ctx: ServiceContext,
  input: z.output<typeof wechatPaySettingsInputSchema>,
): Promise<WechatPaySettings> =>
  withTx(ctx, async ({ tx, actor, audit }) => {
    const before = asStored(await repo.lockSetting(tx, WECHAT_PAY));
    // A key left out keeps the saved one; null removes it.
    const keep = <T>(value: T | null | undefined, saved: T | null) => (value === undefined ? saved : value);
    const after: Stored = {
      appId: input.appId,
      mchId: input.mchId,
      merchantSerialNo: input.merchantSerialNo.toUpperCase(),
      merchantPrivateKey: keep(input.merchantPrivateKey, before.merchantPrivateKey),
      apiV3Key: keep(input.apiV3Key, before.apiV3Key),
      platformPublicKeyId: input.platformPublicKeyId,
      platformPublicKey: keep(input.platformPublicKey, before.platformPublicKey),
      platformCertificates: keep(input.platformCertificates, before.platformCertificates) ?? [],
      notifyBaseUrl: input.notifyBaseUrl.replace(/\/+$/, ''),
      orderExpireMinutes: input.orderExpireMinutes,
    };
    const problems = keyProblems(after, Date.now());
    if (problems.length > 0) throw new HttpError(400, 'request.invalid', {}, { errors: problems });
    await repo.saveSetting(tx, WECHAT_PAY, after, actor.accountId);
    const saved = view(after);
    await audit({
      entityType: 'settings',
      entityId: WECHAT_PAY,
      action: 'update',
      before: view(before),
      after: saved,
      // Their names keep them out of the diff; the entry says only that they changed.
      changedSecrets: SECRETS.filter((name) => before[name] !== after[name]),
    });
    return saved;
  });

/** WeChat Pay's answers that a query of an order it never saw can get. */
const NO_SUCH_ORDER = new Set(['ORDER_NOT_EXIST', 'ORDERNOTEXIST', 'RESOURCE_NOT_EXISTS']);

/**
 * "Test connection": one signed query of an order number WeChat Pay has never seen. Its signed
 * "no such order" answer shows the merchant key, serial and platform key all work; anything else is thrown
 * with the catalogue code that says what failed (unreachable, our signature refused, its answer unverified).
 */
export async function testWechatPay(ctx: ServiceContext, apiBase: string): Promise<WechatPayTestResult> {
  const saved = await getWechatPayMerchant(ctx);
  if (!saved) throw new HttpError(409, 'wechatpay.notConfigured');
  // The call goes in the payment log like every other call to WeChat Pay.
  let logged: Promise<unknown> = Promise.resolve();
  const client = wechatPayClient({
    merchant: loadMerchant(saved.merchant),
    apiBase,
    onCall: (call) => {
      logged = recordPayCall(ctx.db, call).catch(() => undefined);
    },
  });
  const startedAt = Date.now();
  const done = () => ({ durationMs: Date.now() - startedAt });
  try {
    await client.queryByOutTradeNo(`CONNECTIONTEST${startedAt}`).finally(() => logged);
    return done();
  } catch (error) {
    if (!(error instanceof WechatPayError)) throw error;
    if (error.wechatCode !== null && NO_SUCH_ORDER.has(error.wechatCode)) {
      if (error.signed) return done();
      throw new WechatPayError(502, 'wechatpay.answerUnverified', { reason: error.wechatCode });
    }
    if (error.code === 'wechatpay.badSignature')
      throw new WechatPayError(502, 'wechatpay.answerUnverified', error.params);
    throw error;
  }
}
