import {
  type Alert,
  alertSchema,
  BUILT_IN_ROLES,
  type Category,
  categorySchema,
  DEFAULT_GENERAL_SETTINGS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_PROMOTION,
  envelopeSchema,
  errorEnvelopeSchema,
  type GeneralSettings,
  type Grants,
  generalSettingsSchema,
  grantsAccess,
  homePath,
  type Order,
  type OrderDetail,
  orderDetailSchema,
  orderSchema,
  orderTotalsSchema,
  type Page,
  type Participant,
  type ParticipantActivity,
  type ParticipantDetail,
  type PayLogEntry,
  pageSchema,
  participantActivitySchema,
  participantDetailSchema,
  participantSchema,
  payLogEntrySchema,
  promotionSchema,
  type Question,
  questionSchema,
  type Reconciliation,
  type ReconciliationDay,
  type Role,
  reconciliationDaySchema,
  reconciliationSchema,
  recordDetailSchema,
  recordSchema,
  roleSchema,
  type ScoreReport,
  type ScoringInput,
  type ShelfPayment,
  scoreReportSchema,
  scoringSchema,
  shelfPaymentSchema,
  type Test,
  type TestDetail,
  type TestRecord,
  type TestRecordDetail,
  testDetailSchema,
  testSchema,
  toPermissionEntries,
  type UserInfo,
  userInfoSchema,
  type WechatOfficialAccount,
  type WechatPaySettings,
  wechatOfficialAccountSchema,
  wechatPaySettingsSchema,
} from '@cool/shared';
import { z } from 'zod';

/**
 * API responses for the integration tests, each parsed with the endpoint's own zod contract from
 * packages/shared, strictly: a field renamed, added or removed there breaks the fixture here, instead of
 * the tests going on against a shape the server no longer sends.
 */

interface ObjectSchema<T> {
  strict(): { parse(value: unknown): T };
}

const contract = <T>(schema: ObjectSchema<T>, value: unknown): T => schema.strict().parse(value);

const TIME = '2026-03-02T09:30:00.000Z';

/** The `{code, success, message, result, timestamp}` envelope every answer comes in. */
export const envelope = (result: unknown) =>
  contract(envelopeSchema(z.unknown()), {
    code: 0,
    success: true,
    message: 'OK',
    result,
    timestamp: Date.parse(TIME),
  });

/** A refusal: the HTTP status as `code`, an error code (`area.name`) and the text to show. */
export const errorEnvelope = (status: number, error: string, message: string) =>
  contract(errorEnvelopeSchema, {
    code: status,
    success: false,
    message,
    result: { error },
    timestamp: Date.parse(TIME),
  });

export function userInfo(grants: Grants = BUILT_IN_ROLES[0]!.grants): UserInfo {
  return contract(userInfoSchema, {
    id: 1,
    username: 'admin',
    name: 'Admin',
    avatar: '',
    email: null,
    phone: null,
    lastLoginTime: null,
    lastLoginIp: null,
    role: { id: 'admin', name: 'Administrator', describe: '', permissions: toPermissionEntries(grants) },
    twoStep: { enabled: false, required: false },
    startPage: null,
    home: homePath(grantsAccess(grants)),
  });
}

export const promotion = () => contract(promotionSchema, DEFAULT_PROMOTION);

export const shelfPayment = (overrides: Partial<ShelfPayment> = {}) =>
  contract(shelfPaymentSchema, { pricedOnShelf: 0, wechatPayConfigured: true, ...overrides });

export function category(overrides: Partial<Category> = {}): Category {
  return contract(categorySchema, {
    id: 1,
    nameZh: '情绪',
    nameEn: 'Mood',
    iconUrl: null,
    sortOrder: 0,
    status: 'enabled',
    testCount: 0,
    createTime: TIME,
    updateTime: TIME,
    ...overrides,
  });
}

const bilingual = (en: string, zh = '') => ({ zh, en });

export function test(overrides: Partial<Test> = {}): Test {
  return contract(testSchema, {
    id: 1,
    title: bilingual('Sleep quality', '睡眠质量'),
    subtitle: bilingual(''),
    coverUrl: null,
    introduction: bilingual(''),
    instructions: bilingual(''),
    categories: [{ id: 1, nameZh: '情绪', nameEn: 'Mood' }],
    priceFen: 0,
    minutes: 5,
    status: 'draft',
    sortOrder: 0,
    questionCount: 2,
    participantCount: 0,
    version: 0,
    builtinKey: null,
    createdBy: 'admin',
    updatedBy: 'admin',
    createTime: TIME,
    updateTime: TIME,
    publishTime: null,
    ...overrides,
  });
}

export function testDetail(overrides: Partial<Test> = {}, scoring: ScoringInput = {}): TestDetail {
  return contract(testDetailSchema, { ...test(overrides), scoring: scoringSchema.parse(scoring) });
}

/** A single-choice question whose options score 0, 1, 2, ... */
export function question(position: number, scores: number[] = [0, 1, 2]): Question {
  return contract(questionSchema, {
    id: 100 + position,
    testId: 1,
    position,
    stem: bilingual(`Question ${position}`),
    imageUrl: null,
    type: 'single',
    required: true,
    options: scores.map((score, i) => ({
      label: String.fromCharCode(65 + i),
      text: bilingual(`Option ${i + 1}`),
      imageUrl: null,
      score,
      dimensions: [],
      pole: null,
    })),
    createTime: TIME,
    updateTime: TIME,
  });
}

/** One page of a list, numbered as the API numbers it. */
export function page<T>(
  item: ObjectSchema<T>,
  data: T[],
  {
    pageNo = 1,
    pageSize = DEFAULT_PAGE_SIZE,
    totalCount = data.length,
    nextCursor,
  }: { pageNo?: number; pageSize?: number; totalCount?: number; nextCursor?: string } = {},
): Page<T> {
  return contract(pageSchema(item as never), {
    pageNo,
    pageSize,
    totalCount,
    totalPage: Math.ceil(totalCount / pageSize),
    data,
    ...(nextCursor && { nextCursor }),
  }) as Page<T>;
}

// ---- Records, alerts and participants ------------------------------------------------------------------

/** A PHQ-9-like report: a moderate total and the alert item 9 raises. */
export function report(overrides: Partial<ScoreReport> = {}): ScoreReport {
  const band = {
    level: 'moderate',
    label: bilingual('Moderate', '中度'),
    colour: 'moderate' as const,
    interpretation: bilingual('Moderate depressive symptoms.', '中度抑郁症状。'),
    min: 10,
    max: 14,
  };
  return contract(scoreReportSchema, {
    questionCount: 2,
    answeredCount: 2,
    totalRaw: 12,
    finalScore: 12,
    band,
    dimensions: [{ key: 'total', name: bilingual('Total', '总分'), raw: 12, itemCount: 2, final: 12, band }],
    type: null,
    alerts: [
      {
        question: 2,
        severity: 'severe',
        crisis: true,
        message: bilingual('Thoughts of self-harm', '有自伤念头'),
      },
    ],
    ...overrides,
  });
}

const participantRef = { id: 7, nickname: 'Lin', erased: false };

export function record(overrides: Partial<TestRecord> = {}): TestRecord {
  return contract(recordSchema, {
    id: 31,
    participant: participantRef,
    testId: 1,
    testVersion: 3,
    title: bilingual('PHQ-9 depression', 'PHQ-9 抑郁'),
    status: 'submitted',
    priceFen: 0,
    unlocked: true,
    finalScore: 12,
    band: { level: 'moderate', label: bilingual('Moderate', '中度'), colour: 'moderate' },
    alertCount: 1,
    alert: { id: 5, status: 'new' },
    answeredCount: 2,
    questionCount: 2,
    startTime: TIME,
    submitTime: TIME,
    ...overrides,
  });
}

/** A record with its version's two questions (options scoring 0..3), answered 1 and 3. */
export function recordDetail(overrides: Partial<TestRecordDetail> = {}): TestRecordDetail {
  const versionQuestion = (position: number) => ({
    position,
    stem: bilingual(`Question ${position}`),
    imageUrl: null,
    type: 'single' as const,
    required: true,
    options: [0, 1, 2, 3].map((score, i) => ({
      label: String(i),
      text: bilingual(`Option ${position}.${i}`),
      imageUrl: null,
      score,
      dimensions: [],
      pole: null,
    })),
  });
  return contract(recordDetailSchema, {
    ...record(),
    answers: [1, 3],
    questions: [versionQuestion(1), versionQuestion(2)],
    report: report(),
    engineVersion: '1',
    ...overrides,
  });
}

export function alert(overrides: Partial<Alert> = {}): Alert {
  return contract(alertSchema, {
    id: 5,
    recordId: 31,
    participant: participantRef,
    testId: 1,
    title: bilingual('PHQ-9 depression', 'PHQ-9 抑郁'),
    severity: 'severe',
    items: [
      {
        question: 9,
        severity: 'severe',
        crisis: true,
        operator: 'gt',
        score: 0,
        message: bilingual('Thoughts of self-harm', '有自伤念头'),
      },
    ],
    status: 'new',
    notes: [],
    createTime: TIME,
    updateTime: TIME,
    ...overrides,
  });
}

export function participant(overrides: Partial<Participant> = {}): Participant {
  return contract(participantSchema, {
    id: 7,
    nickname: 'Lin',
    avatar: null,
    phone: null,
    locale: 'zh-CN',
    status: 'active',
    wechat: false,
    recordCount: 1,
    orderCount: 0,
    erased: false,
    firstSeenTime: TIME,
    lastSeenTime: TIME,
    createTime: TIME,
    ...overrides,
  });
}

export function participantDetail(
  overrides: Partial<Participant> = {},
  records: TestRecord[] = [record()],
): ParticipantDetail {
  return contract(participantDetailSchema, { ...participant(overrides), records });
}

/** One event of participant Lin's activity: submitting record 31, unless told otherwise. */
export function activity(overrides: Partial<ParticipantActivity> = {}): ParticipantActivity {
  return contract(participantActivitySchema, {
    key: 'submitted-31',
    kind: 'submitted',
    time: TIME,
    title: bilingual('PHQ-9 depression', 'PHQ-9 抑郁'),
    recordId: 31,
    orderId: null,
    alertId: null,
    ...overrides,
  });
}

// ---- Payment orders, the payment log, reconciliation --------------------------------------------------

/** A paid ¥19.90 native order of participant Lin for record 31, nothing refunded yet. */
export function order(overrides: Partial<Order> = {}): Order {
  return contract(orderSchema, {
    id: 1,
    orderNo: 'CE20260302093000A1',
    participant: participantRef,
    recordId: 31,
    testId: 1,
    title: bilingual('PHQ-9 depression', 'PHQ-9 抑郁'),
    priceFen: 1990,
    amountFen: 1990,
    channel: 'native',
    status: 'paid',
    transactionId: '4200000000202603020000000001',
    payerOpenid: 'oAbc****xyz',
    refundedFen: 0,
    expired: false,
    expireTime: TIME,
    paidTime: TIME,
    closedTime: null,
    createTime: TIME,
    updateTime: TIME,
    ...overrides,
  });
}

/** The order with its history (created by the participant, paid by a notification) and no refunds. */
export function orderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const event = (id: number, fromStatus: string | null, toStatus: string, cause: string, extra = {}) => ({
    id,
    fromStatus,
    toStatus,
    cause,
    actorUsername: null,
    notificationId: null,
    detail: {},
    time: TIME,
    ...extra,
  });
  return contract(orderDetailSchema, {
    ...order(),
    events: [
      event(1, null, 'unpaid', 'client'),
      event(2, 'unpaid', 'paid', 'notification', { notificationId: 'EV-2026-0001' }),
    ],
    refunds: [],
    record: { id: 31, status: 'submitted', unlocked: true },
    ...overrides,
  });
}

export const orderTotals = (overrides: Partial<Record<string, number>> = {}) =>
  contract(orderTotalsSchema, { count: 2, paidCount: 1, paidFen: 1990, refundedFen: 500, ...overrides });

export function payLogEntry(overrides: Partial<PayLogEntry> = {}): PayLogEntry {
  return contract(payLogEntrySchema, {
    id: 1,
    time: TIME,
    direction: 'inbound',
    operation: 'notify.payment',
    orderNo: 'CE20260302093000A1',
    httpStatus: 204,
    verdict: 'applied',
    errorCode: null,
    durationMs: 12,
    notificationId: 'EV-2026-0001',
    detail: {},
    ...overrides,
  });
}

/** The bill of 2026-03-01: two trades matched, one paid at WeChat Pay that we have no order for. */
export function reconciliation(overrides: Partial<Reconciliation> = {}): Reconciliation {
  return contract(reconciliationSchema, {
    id: 1,
    billDate: '2026-03-01',
    status: 'done',
    counts: { billRows: 3, matched: 2, missingHere: 1, missingThere: 0, amountDiffers: 0, statusDiffers: 0 },
    differences: [
      {
        kind: 'missingHere',
        orderNo: 'CE20260301120000B2',
        transactionId: '4200000000202603010000000002',
        ourAmountFen: null,
        ourStatus: null,
        billAmountFen: 990,
        billStatus: 'SUCCESS',
        synced: false,
      },
    ],
    error: null,
    createTime: TIME,
    updateTime: TIME,
    ...overrides,
  });
}

/** A day of the recent days' list: reconciled, one difference of two not yet synced. */
export function reconciliationDay(overrides: Partial<ReconciliationDay> = {}): ReconciliationDay {
  return contract(reconciliationDaySchema, {
    billDate: '2026-03-01',
    state: 'differences',
    differences: 2,
    unsynced: 1,
    billRows: 3,
    error: null,
    updateTime: TIME,
    ...overrides,
  });
}

export const generalSettings = (overrides: Partial<GeneralSettings> = {}): GeneralSettings =>
  contract(generalSettingsSchema, { ...DEFAULT_GENERAL_SETTINGS, ...overrides });

export const wechatOfficialAccount = (
  overrides: Partial<WechatOfficialAccount> = {},
): WechatOfficialAccount =>
  contract(wechatOfficialAccountSchema, {
    appId: '',
    appSecret: { set: false, fingerprint: null },
    source: 'none',
    ...overrides,
  });

/** A merchant set up in public-key mode; secrets only as set with their fingerprints. */
export const wechatPaySettings = (overrides: Partial<WechatPaySettings> = {}): WechatPaySettings =>
  contract(wechatPaySettingsSchema, {
    appId: 'wx0123456789abcdef',
    mchId: '1900000001',
    merchantSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    merchantPrivateKey: { set: true, fingerprint: 'A1B2C3D4E5F60718' },
    apiV3Key: { set: true, fingerprint: '9F8E7D6C' },
    platformPublicKeyId: 'PUB_KEY_ID_0114232134912410000000000000',
    platformPublicKey: { set: true, fingerprint: '0F1E2D3C4B5A6978' },
    platformCertificates: [],
    notifyBaseUrl: 'https://pay.example.com',
    orderExpireMinutes: 30,
    configured: true,
    ...overrides,
  });

/** A role as the roles list answers it: a seeded one from BUILT_IN_ROLES by id. */
export function role(id: string, overrides: Partial<Role> = {}): Role {
  const seeded = BUILT_IN_ROLES.find((r) => r.id === id);
  return contract(roleSchema, {
    id,
    name: seeded?.name ?? id,
    describe: seeded?.describe ?? '',
    status: 'enabled',
    createTime: TIME,
    permissions: toPermissionEntries(seeded?.grants ?? {}),
    requireTwoStep: false,
    builtIn: seeded !== undefined,
    ...overrides,
  });
}
