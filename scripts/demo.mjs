#!/usr/bin/env node
// `npm run demo`: fills the embedded database (DATA_DIR, default ./data) with demo participants, records and
// payment orders in every status over the last 90 days, paid through the same services as real ones: the app
// runs in this process with the local WeChat Pay fake (apps/server/test/fakes/wechatpay.ts) as
// WECHATPAY_API_BASE; orders are made through the client API and paid by the fake's signed notifications,
// refunds and closes through the staff API. Only times are moved back afterwards, with SQL (the services
// stamp "now"; apps/server/test/demo.ts): orders, their events, refunds, records, their alerts and
// participants. The payment log and staff mail keep the real times of the calls made.
//
// It refuses a database holding orders or WeChat Pay settings unless an earlier demo run marked it (the
// `demo` setting): a real merchant's settings and orders are never touched. At the end the fake's WeChat
// Pay settings are removed again, so the server's payment jobs leave the demo orders alone.
import { randomBytes, randomInt } from 'node:crypto';
import { loadServerKit } from './server-kit.mjs';

const { loadConfig, prepareDatabase, buildApp, hashToken, startFakeWechatPay, moveOrderBack } =
  await loadServerKit(
    'demo',
    `
      export { loadConfig } from './src/config.ts';
      export { prepareDatabase } from './src/server.ts';
      export { buildApp } from './src/app.ts';
      export { hashToken } from './src/modules/auth/service.ts';
      export { startFakeWechatPay } from './test/fakes/wechatpay.ts';
      export { moveOrderBack } from './test/demo.ts';`,
  );

if (process.env.DATABASE_URL) {
  console.error('npm run demo fills the embedded database only: unset DATABASE_URL.');
  process.exit(1);
}
const config = loadConfig(process.env, { rateLimitMax: 0, webDist: undefined });
const fake = await startFakeWechatPay();
const database = await prepareDatabase({ ...config, wechatPayApiBase: fake.url }, (m) => console.log(m));
const sql = async (text, values = []) => (await database.pool.query(text, values)).rows;
const app = await buildApp({ ...config, wechatPayApiBase: fake.url }, { logger: false, database });
await app.ready();

const pick = (list) => list[randomInt(list.length)];
let staffToken = null;
/** Set once the fake's WeChat Pay settings are saved: they are removed again however the run ends. */
let configured = false;

try {
  // ---- Refuse a real database --------------------------------------------------------------------------
  const [marker] = await sql(`select value from settings where key = 'demo'`);
  const [{ count: orderCount }] = await sql('select count(*)::int as count from orders');
  const [payment] = await sql(`select 1 from settings where key = 'wechatPay'`);
  if (!marker && (orderCount > 0 || payment)) {
    throw new Error(
      `refusing: ${config.dataDir} holds ${orderCount} orders${payment ? ' and WeChat Pay settings' : ''} ` +
        'that no demo run made. Point DATA_DIR at a new directory for the demo.',
    );
  }
  await sql(
    `insert into settings (key, value) values ('demo', $1)
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [JSON.stringify({ filledAt: new Date().toISOString(), runs: (marker?.value?.runs ?? 0) + 1 })],
  );

  // ---- Calls as the admin (a session of its own, revoked at the end) and as participants ---------------
  const [admin] = await sql(`select id from accounts where username = 'admin'`);
  if (!admin) throw new Error('no admin account');
  staffToken = randomBytes(32).toString('base64url');
  await sql(
    `insert into sessions (token_hash, account_id, expires_at, idle_seconds, ip)
     values ($1, $2, now() + interval '1 hour', null, '127.0.0.1')`,
    [hashToken(staffToken), admin.id],
  );
  const call = async (token, method, url, payload) => {
    const response = await app.inject({
      method,
      url,
      headers: token ? { authorization: token } : {},
      ...(payload !== undefined && { payload }),
    });
    const body = response.body ? JSON.parse(response.body) : null;
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    return body?.result;
  };
  const staff = (method, url, payload) => call(staffToken, method, `/api${url}`, payload);
  const deliver = async (notification, url) => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: notification.headers,
      payload: notification.body,
    });
    if (response.statusCode !== 204) throw new Error(`notification: ${response.statusCode} ${response.body}`);
  };

  await staff('PUT', '/settings/wechat-pay', {
    appId: fake.appId,
    mchId: fake.mchId,
    merchantSerialNo: fake.merchantSerialNo,
    merchantPrivateKey: fake.merchantKey.privatePem,
    apiV3Key: fake.apiV3Key,
    platformPublicKeyId: fake.platformSerial,
    platformPublicKey: fake.platformKey.publicPem,
    notifyBaseUrl: 'https://demo.example.com',
    orderExpireMinutes: 30,
  });
  configured = true;

  // ---- Paid tests: priced copies of three built-in scales, on the shelf ----------------------------------
  const tests = (await staff('GET', '/tests?pageSize=100')).data;
  const scales = [
    { key: 'phq-9', priceFen: 990, questions: 9 },
    { key: 'gad-7', priceFen: 690, questions: 7 },
    { key: 'zung-sds', priceFen: 1990, questions: 20 },
  ];
  for (const scale of scales) {
    const builtin = tests.find((t) => t.builtinKey === scale.key);
    const copy = await staff('POST', `/tests/${builtin.id}/duplicate`);
    const { title, subtitle, coverUrl, introduction, instructions, minutes, sortOrder, categories } = copy;
    await staff('PUT', `/tests/${copy.id}`, {
      ...{ title, subtitle, coverUrl, introduction, instructions, minutes, sortOrder },
      priceFen: scale.priceFen,
      categoryIds: categories.map((c) => c.id),
    });
    await staff('POST', `/tests/${copy.id}/publish`);
    scale.testId = copy.id;
  }

  // ---- Participants and their orders -----------------------------------------------------------------
  const surnames = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高'.split('');
  const givenNames = [
    '伟',
    '芳',
    '娜',
    '敏',
    '静',
    '磊',
    '洋',
    '艳',
    '勇',
    '杰',
    '婷',
    '强',
    '丽',
    '军',
    '晨',
  ];
  const englishNames = ['Alex', 'Jamie', 'Sam', 'Robin', 'Taylor', 'Morgan', 'Casey', 'Jordan'];
  // Every status, in roughly the mix a live service sees.
  const outcomes = [
    ...Array(24).fill('paid'),
    ...Array(10).fill('closed'),
    ...Array(5).fill('refunded'),
    ...Array(4).fill('partlyRefunded'),
    ...Array(3).fill('refunding'),
    ...Array(4).fill('unpaid'),
  ];
  const counts = {};
  for (const [index, outcome] of outcomes.entries()) {
    const session = await call(null, 'POST', '/api/client/session', {});
    const client = (method, url, payload) => call(session.token, method, `/api/client${url}`, payload);
    const nickname = index % 5 === 4 ? pick(englishNames) : `${pick(surnames)}${pick(givenNames)}`;
    await client('PUT', '/me', { nickname });
    const scale = pick(scales);
    const record = await client('POST', '/records', { testId: scale.testId });
    await client('POST', `/records/${record.id}/submit`, {
      answers: Array.from({ length: scale.questions }, () => randomInt(4)),
    });
    const channel = index % 3 === 0 ? 'h5' : 'native';
    const order = await client('POST', '/orders', { recordId: record.id, channel });
    const { orderNo } = order;

    // When it happened: unpaid ones within the last 20 minutes (still payable), the rest over 90 days.
    const createdAt =
      outcome === 'unpaid'
        ? new Date(Date.now() - randomInt(1, 20) * 60_000)
        : new Date(Date.now() - randomInt(1, 90 * 24) * 3600_000 - randomInt(3600) * 1000);
    const paidAt = new Date(createdAt.getTime() + randomInt(20, 600) * 1000);
    const refundAt = new Date(Math.min(paidAt.getTime() + randomInt(1, 72) * 3600_000, Date.now() - 60_000));

    if (outcome === 'closed') await staff('POST', `/orders/${orderNo}/close`);
    if (!['unpaid', 'closed'].includes(outcome)) {
      fake.pay(orderNo, { at: paidAt });
      await deliver(fake.buildPaymentNotification(orderNo), '/api/pay/wechat/notify');
    }
    if (['refunded', 'partlyRefunded', 'refunding'].includes(outcome)) {
      const amountFen = outcome === 'partlyRefunded' ? Math.floor(order.amountFen / 2) : order.amountFen;
      const reason = pick(['用户申请退款', '重复购买', 'Customer request']);
      const refunded = await staff('POST', `/orders/${orderNo}/refunds`, { amountFen, reason });
      const { outRefundNo } = refunded.refunds.at(-1);
      if (outcome !== 'refunding') {
        fake.settleRefund(outRefundNo, 'SUCCESS', refundAt);
        await deliver(fake.buildRefundNotification(outRefundNo), '/api/pay/wechat/refund-notify');
      }
    }

    // Times the services stamped with "now", moved back to when this order happened.
    await moveOrderBack(sql, orderNo, { createdAt, paidAt, refundAt });
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }

  const statuses = await sql('select status, count(*)::int as n from orders group by status order by status');
  console.log(`Demo orders made: ${JSON.stringify(counts)}`);
  console.log(`Orders by status now: ${statuses.map((s) => `${s.status} ${s.n}`).join(', ')}`);
  console.log(`Database: ${config.dataDir}. Start it with npm start and sign in as admin.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  // The fake's settings go again, so the server's payment jobs leave the demo orders alone.
  if (configured) await sql(`delete from settings where key = 'wechatPay'`);
  if (staffToken) await sql('delete from sessions where token_hash = $1', [hashToken(staffToken)]);
  await app.close();
  await database.close();
  await fake.close();
}
