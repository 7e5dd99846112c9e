import type {
  Answer,
  AuditChanges,
  Grants,
  LocalizedText,
  Milestone,
  QuestionOption,
  ScoreReport,
  Scoring,
  TestVersionSnapshot,
} from '@cool/shared';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Trigram index, so the lists' `ILIKE '%text%'` searches use an index instead of reading the whole table. */
const trigramIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));

export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  describe: text('describe').notNull().default(''),
  status: text('status', { enum: ['enabled', 'disabled'] })
    .notNull()
    .default('enabled'),
  grants: jsonb('grants').$type<Grants>().notNull(),
  /** Its accounts must have two-step verification: without it a session may only enrol. */
  requireTwoStep: boolean('require_two_step').notNull().default(false),
  createdAt: createdAt(),
});

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    /** The security phone: SMS sign-in and recovery codes go here (digits with an optional leading +). */
    phone: text('phone'),
    avatar: text('avatar'),
    /**
     * `pending`: signed up and not yet approved (also not yet activated while `activated_at` is null), or
     * invited and not yet accepted; it cannot sign in. An admin's approval gives it a role and enables it.
     */
    status: text('status', { enum: ['enabled', 'disabled', 'pending'] })
      .notNull()
      .default('enabled'),
    /** Null only while pending: a signed-up account has no role until an admin approves it. */
    roleId: text('role_id').references(() => roles.id),
    /** Null for an invited account that has not yet chosen its password. */
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** The password's strength level (docs/spec.md section 4) when last chosen (account settings show it). */
    passwordLevel: text('password_level', { enum: ['strong', 'medium', 'low', 'tooShort'] }),
    /** When the email address was confirmed (sign-up activation, invitation accepted); null: not yet. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    twoStepEnabled: integer('two_step_enabled').notNull().default(0),
    /** Base32 TOTP secret once enrolled; never leaves the server. */
    totpSecret: text('totp_secret'),
    /** A secret shown for enrolment, kept until the first code confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted, so one code cannot be used twice. */
    totpLastStep: integer('totp_last_step'),
    /** The profile fields of docs/spec.md section 3. */
    profile: text('profile').notNull().default(''),
    country: text('country').notNull().default(''),
    region: text('region').notNull().default(''),
    address: text('address').notNull().default(''),
    backupEmail: text('backup_email'),
    /** The console display settings (SettingsDrawer), so they follow the person to another browser. */
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    /** Which events notify this person, and how: `{event: boolean}`. */
    notifications: jsonb('notifications').$type<Record<string, boolean>>().notNull().default({}),
    /** The language mail and SMS to this person are written in. */
    language: text('language'),
    /** The console page this person lands on after signing in (Account settings > Custom); null: the role's. */
    startPage: text('start_page'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('accounts_phone_key').on(t.phone),
    index('accounts_role_idx').on(t.roleId),
    index('accounts_status_idx').on(t.status, t.id),
    index('accounts_created_idx').on(t.createdAt, t.id),
    trigramIndex('accounts_username_trgm_idx', t.username),
    trigramIndex('accounts_name_trgm_idx', t.name),
    trigramIndex('accounts_email_trgm_idx', t.email),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when "remember me" was not ticked: each use moves `expires_at` to this many seconds ahead. */
    idleSeconds: integer('idle_seconds'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_account_idx').on(t.accountId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Sign-in attempts per key (`account#<id>`, `login:<hash of a login naming no account>` or `ip:<address>`),
 * for throttling.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Requests per key (a client address, `client-session:<address>`, `participant#<id>`) in the current window
 * of the per-minute limits, shared by every server on PostgreSQL (the embedded database's one server counts
 * in memory). Windows long past are purged every hour.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    iconUrl: text('icon_url'),
    sortOrder: integer('sort_order').notNull().default(0),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_name_zh_key').on(t.nameZh),
    uniqueIndex('categories_name_en_key').on(sql`lower(${t.nameEn})`),
    index('categories_sort_idx').on(t.sortOrder, t.id),
    index('categories_status_sort_idx').on(t.status, t.sortOrder, t.id),
    index('categories_created_idx').on(t.createdAt, t.id),
    index('categories_updated_idx').on(t.updatedAt, t.id),
    trigramIndex('categories_name_zh_trgm_idx', t.nameZh),
    trigramIndex('categories_name_en_trgm_idx', t.nameEn),
  ],
);

/** Psychological tests. Bilingual texts are column pairs; the scoring definition is one document. */
export const tests = pgTable(
  'tests',
  {
    id: serial('id').primaryKey(),
    titleZh: text('title_zh').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    subtitleZh: text('subtitle_zh').notNull().default(''),
    subtitleEn: text('subtitle_en').notNull().default(''),
    coverUrl: text('cover_url'),
    introductionZh: text('introduction_zh').notNull().default(''),
    introductionEn: text('introduction_en').notNull().default(''),
    instructionsZh: text('instructions_zh').notNull().default(''),
    instructionsEn: text('instructions_en').notNull().default(''),
    priceFen: integer('price_fen').notNull().default(0),
    minutes: integer('minutes').notNull().default(5),
    status: text('status', { enum: ['draft', 'on_shelf', 'off_shelf'] })
      .notNull()
      .default('draft'),
    sortOrder: integer('sort_order').notNull().default(0),
    version: integer('version').notNull().default(0),
    scoring: jsonb('scoring').$type<Scoring>().notNull(),
    /** Key of a seeded built-in scale; null for tests staff made. */
    builtinKey: text('builtin_key'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tests_builtin_key').on(t.builtinKey),
    index('tests_sort_idx').on(t.sortOrder, t.id),
    index('tests_status_sort_idx').on(t.status, t.sortOrder, t.id),
    index('tests_created_idx').on(t.createdAt, t.id),
    index('tests_updated_idx').on(t.updatedAt, t.id),
    index('tests_price_idx').on(t.priceFen, t.id),
    trigramIndex('tests_title_zh_trgm_idx', t.titleZh),
    trigramIndex('tests_title_en_trgm_idx', t.titleEn),
    // The lists' keyword search (List > basic, card and search lists) matches subtitles too.
    trigramIndex('tests_subtitle_zh_trgm_idx', t.subtitleZh),
    trigramIndex('tests_subtitle_en_trgm_idx', t.subtitleEn),
  ],
);

/** Which categories a test is filed under; a category in use cannot be deleted. */
export const testCategories = pgTable(
  'test_categories',
  {
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.testId, t.categoryId] }),
    index('test_categories_category_idx').on(t.categoryId, t.testId),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    /** 1-based; kept dense (1..n) by every write. */
    position: integer('position').notNull(),
    stemZh: text('stem_zh').notNull().default(''),
    stemEn: text('stem_en').notNull().default(''),
    imageUrl: text('image_url'),
    type: text('type', { enum: ['single', 'multiple', 'likert'] })
      .notNull()
      .default('single'),
    required: boolean('required').notNull().default(true),
    options: jsonb('options').$type<QuestionOption[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_test_position_idx').on(t.testId, t.position, t.id),
    trigramIndex('questions_stem_zh_trgm_idx', t.stemZh),
    trigramIndex('questions_stem_en_trgm_idx', t.stemEn),
  ],
);

/** Seed steps already applied, so seeding runs each step once and never resurrects what staff deleted. */
export const seedLog = pgTable('seed_log', {
  name: text('name').primaryKey(),
  appliedAt: createdAt(),
});

/** Service settings, one JSON document per key; each key's shape is a zod schema in packages/shared. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * One row per change staff (or the system) made: who, when, what, and the changed fields. Never updated;
 * `actor_id` has no foreign key so the history of a deleted account stays filterable by its id.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    /** The actor's username at the time, kept when the account is renamed or deleted. */
    actorUsername: text('actor_username'),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    /** `{field: {from, to}}`; secrets are left out before it is written. */
    changes: jsonb('changes').$type<AuditChanges>().notNull(),
    requestId: text('request_id'),
    ip: text('ip'),
  },
  // Ascending indexes serve both directions: the list's newest-first order is a backward scan.
  (t) => [
    index('audit_log_time_idx').on(t.occurredAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.occurredAt, t.id),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.occurredAt, t.id),
  ],
);

/**
 * The people who take tests. Anonymous until WeChat (or later a phone) identifies them; erasing
 * one on request clears the personal fields and sets `erased_at`, keeping the row so records stay counted.
 */
export const participants = pgTable(
  'participants',
  {
    id: serial('id').primaryKey(),
    nickname: text('nickname'),
    avatar: text('avatar'),
    phone: text('phone'),
    /** `zh-CN` or `en-US`, as the participant's app last said. */
    locale: text('locale'),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('participants_created_idx').on(t.createdAt, t.id),
    index('participants_last_seen_idx').on(t.lastSeenAt, t.id),
    index('participants_status_idx').on(t.status, t.id),
    trigramIndex('participants_nickname_trgm_idx', t.nickname),
  ],
);

/** A participant's WeChat identity: the openid is per app id (official account, mini program, ...). */
export const participantWechat = pgTable(
  'participant_wechat',
  {
    appId: text('app_id').notNull(),
    openid: text('openid').notNull(),
    unionid: text('unionid'),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.openid] }),
    index('participant_wechat_participant_idx').on(t.participantId),
    index('participant_wechat_unionid_idx').on(t.unionid),
  ],
);

/** Participant tokens: a different kind from staff `sessions`, stored hashed, ending 30 days after last use. */
export const participantSessions = pgTable(
  'participant_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('participant_sessions_participant_idx').on(t.participantId),
    index('participant_sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * What a test was when it was published: never changed afterwards, so a record started on a version is
 * scored and shown on that version whatever happens to the test later.
 */
export const testVersions = pgTable(
  'test_versions',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** Texts, price, questions with their options' scores, and the scoring definition (`TestVersionSnapshot`). */
    snapshot: jsonb('snapshot').$type<TestVersionSnapshot>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer('published_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('test_versions_test_version_key').on(t.testId, t.version)],
);

/**
 * A participant's go at a test: answers while in progress, then the report computed at submit and stored
 * as it was (with the engine version). The band and alert columns copy the report for filtering.
 */
export const records = pgTable(
  'records',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'restrict' }),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'restrict' }),
    testVersionId: integer('test_version_id')
      .notNull()
      .references(() => testVersions.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['in_progress', 'submitted'] })
      .notNull()
      .default('in_progress'),
    answers: jsonb('answers').$type<Answer[]>().notNull(),
    report: jsonb('report').$type<ScoreReport>(),
    engineVersion: text('engine_version'),
    /** Price of the version, in fen; 0 unlocks at submit. */
    priceFen: integer('price_fen').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
    finalScore: doublePrecision('final_score'),
    bandLevel: text('band_level'),
    bandColour: text('band_colour', { enum: ['normal', 'mild', 'moderate', 'severe'] }),
    alertCount: integer('alert_count').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    index('records_started_idx').on(t.startedAt, t.id),
    index('records_submitted_idx').on(t.submittedAt, t.id),
    index('records_participant_idx').on(t.participantId, t.startedAt, t.id),
    index('records_test_idx').on(t.testId, t.startedAt, t.id),
    index('records_test_participant_idx').on(t.testId, t.participantId),
    // A goal's progress: its test's records submitted in its period.
    index('records_test_submitted_idx').on(t.testId, t.submittedAt),
    index('records_status_idx').on(t.status, t.startedAt, t.id),
    index('records_band_idx').on(t.bandColour, t.startedAt, t.id),
    // Conversion (Dashboard > Analysis): paid tests' records submitted in a period, and whether a payment
    // unlocked them, read from this index alone instead of a month of heap pages (1.2 s -> 11 ms a year in).
    index('records_paid_submitted_idx').on(t.submittedAt, t.unlockedAt).where(sql`price_fen > 0`),
    // Records with alerts (the records screen's filter): a seventh of a year's records, counted and paged
    // off this index instead of walking the time index past the other six sevenths.
    index('records_alerted_idx').on(t.startedAt, t.id).where(sql`alert_count > 0`),
    // The monitor's in-progress count, polled by every open monitor: the open records only, not a year's.
    index('records_in_progress_idx').on(t.startedAt).where(sql`status = 'in_progress'`),
    // Visits by period (Dashboard > Analysis) read from the index alone, never the heap (drizzle has no
    // INCLUDE, so the two columns are keys after the time).
    index('records_started_test_participant_idx').on(t.startedAt, t.testId, t.participantId),
  ],
);

/**
 * Visits of closed China days (Dashboard > Analysis), so a year reads 365 rows, not 3 million records:
 * records started and distinct participants that day, over all tests. A record's day never changes and
 * records are never deleted, so a closed day never changes; days after `rollups.closed_through` are counted
 * from the records themselves.
 */
export const visitDays = pgTable('visit_days', {
  day: date('day').primaryKey(),
  records: integer('records').notNull(),
  participants: integer('participants').notNull(),
});

/** The same per test (no foreign key: a test's figures outlive its deletion, as its records do). */
export const visitTestDays = pgTable(
  'visit_test_days',
  {
    day: date('day').notNull(),
    testId: integer('test_id').notNull(),
    records: integer('records').notNull(),
    participants: integer('participants').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.testId] })],
);

/** How far each rollup reaches: the last China day it holds (null: none yet). */
export const rollups = pgTable('rollups', {
  name: text('name', { enum: ['visits'] }).primaryKey(),
  closedThrough: date('closed_through'),
});

/**
 * Who has taken each test: a row the first time a participant starts it. With `test_stats` it
 * keeps the shelf's and the tests list's "taken by N" from counting distinct participants over the records
 * on every view.
 */
export const testTakers = pgTable(
  'test_takers',
  {
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.testId, t.participantId] })],
);

/** Per test, its distinct participants: raised by a start that adds a `test_takers` row, in that start's transaction. */
export const testStats = pgTable('test_stats', {
  testId: integer('test_id')
    .primaryKey()
    .references(() => tests.id, { onDelete: 'cascade' }),
  participants: integer('participants').notNull().default(0),
});

/**
 * One per record whose report raised an alert, created in the submit's transaction (so none is ever lost),
 * followed up by staff: new -> contacted -> closed.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'restrict' }),
    /** The most severe of the record's alerts. */
    severity: text('severity', { enum: ['normal', 'mild', 'moderate', 'severe'] }).notNull(),
    status: text('status', { enum: ['new', 'contacted', 'closed'] })
      .notNull()
      .default('new'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('alerts_record_key').on(t.recordId),
    index('alerts_created_idx').on(t.createdAt, t.id),
    index('alerts_status_idx').on(t.status, t.createdAt, t.id),
  ],
);

/** Staff notes on an alert, each with who wrote it, when, and the status it set. */
export const alertNotes = pgTable(
  'alert_notes',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** Kept when the account is renamed or deleted. */
    username: text('username'),
    status: text('status', { enum: ['new', 'contacted', 'closed'] }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('alert_notes_alert_idx').on(t.alertId, t.createdAt, t.id)],
);

/**
 * Payment orders: one per attempt to pay for a record's report through WeChat Pay. `order_no` is
 * our `out_trade_no` ([0-9A-Za-z], 6-32, never reused); money is in fen. The title and price are copied from
 * the record when the order is made.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'restrict' }),
    recordId: integer('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'restrict' }),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'restrict' }),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    priceFen: integer('price_fen').notNull(),
    amountFen: integer('amount_fen').notNull(),
    channel: text('channel', { enum: ['native', 'jsapi', 'h5'] }).notNull(),
    status: text('status', { enum: ['unpaid', 'paid', 'closed', 'refunding', 'refunded'] })
      .notNull()
      .default('unpaid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** What WeChat Pay answered the prepay with, to hand out again while it is valid (see `prepaidAt`). */
    prepayId: text('prepay_id'),
    codeUrl: text('code_url'),
    h5Url: text('h5_url'),
    /** When that answer came: an h5 link is valid 5 minutes, a code URL or prepay id 2 hours. */
    prepaidAt: timestamp('prepaid_at', { withTimezone: true }),
    transactionId: text('transaction_id'),
    payerOpenid: text('payer_openid'),
    /**
     * The merchant the order was made under: its notifications and query answers are checked against these,
     * not against settings saved since. Null on orders made before they were kept.
     */
    appId: text('app_id'),
    mchId: text('mch_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedFen: integer('refunded_fen').notNull().default(0),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When WeChat Pay was last asked about it (the jobs' back-off). */
    lastQueriedAt: timestamp('last_queried_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_idx').on(t.status, t.createdAt, t.id),
    index('orders_participant_idx').on(t.participantId, t.createdAt, t.id),
    index('orders_record_idx').on(t.recordId, t.createdAt),
    index('orders_test_idx').on(t.testId, t.createdAt, t.id),
    index('orders_transaction_idx').on(t.transactionId),
    index('orders_paid_idx').on(t.paidAt, t.id),
    index('orders_amount_idx').on(t.amountFen, t.id),
    /** The expiry job's scan: unpaid orders by expiry. */
    index('orders_unpaid_expiry_idx').on(t.expiresAt).where(sql`status = 'unpaid'`),
  ],
);

/** Every state change of an order, with its cause and (for notifications) the notification id. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    cause: text('cause', { enum: ['client', 'notification', 'query', 'job', 'staff'] }).notNull(),
    actorId: integer('actor_id'),
    actorUsername: text('actor_username'),
    notificationId: text('notification_id'),
    /** Facts of the change: refund number and amount, WeChat's trade state, the reason given. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt, t.id)],
);

/** Refunds of an order (partial ones allowed up to the amount paid); `out_refund_no` is never reused. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    outRefundNo: text('out_refund_no').notNull(),
    refundId: text('refund_id'),
    /**
     * When WeChat Pay accepted it: our application (or the job's again) got its successful answer. Null until
     * then, and for refunds made before it was kept.
     */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    amountFen: integer('amount_fen').notNull(),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: ['processing', 'success', 'closed', 'abnormal', 'failed'] })
      .notNull()
      .default('processing'),
    requestedBy: integer('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    requestedByUsername: text('requested_by_username'),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    /** The polling job's next look, backing off while WeChat Pay says PROCESSING. */
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }),
    pollCount: integer('poll_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_out_refund_no_key').on(t.outRefundNo),
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    // OPEN_REFUND_STATUSES, as the polling job asks for them.
    index('refunds_poll_idx').on(t.nextPollAt).where(sql`status in ('processing', 'abnormal')`),
  ],
);

/**
 * The payment log (`/order/weixin`): every notification received and every call made to WeChat
 * Pay, with its verdict and timing. Holds no secret and no decrypted personal data beyond the openid.
 */
export const payLog = pgTable(
  'pay_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    /** `notify.payment`, `notify.refund`, `prepay.native`, `query`, `close`, `refund.apply`, ... */
    operation: text('operation').notNull(),
    orderNo: text('order_no'),
    httpStatus: integer('http_status'),
    /** `ok`, `applied`, `duplicate`, or the reason it failed: `signature`, `timestamp`, `decrypt`, ... */
    verdict: text('verdict').notNull(),
    errorCode: text('error_code'),
    durationMs: integer('duration_ms').notNull().default(0),
    notificationId: text('notification_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('pay_log_time_idx').on(t.occurredAt, t.id),
    index('pay_log_order_idx').on(t.orderNo, t.occurredAt, t.id),
    index('pay_log_operation_idx').on(t.operation, t.occurredAt, t.id),
  ],
);

/**
 * Refused notifications (not signed by WeChat Pay, or while it is not set up) counted per minute, one row
 * per operation: only the first few of a minute go to the payment log, so junk cannot grow it without bound.
 * Kept here, not in a server's memory, so every server counts against the same limit.
 */
export const payLogRefusals = pgTable('pay_log_refusals', {
  operation: text('operation').primaryKey(),
  minute: timestamp('minute', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** A day's trade bill checked against our orders: counts and each difference found, and whether synced. */
export const billReconciliations = pgTable(
  'bill_reconciliations',
  {
    id: serial('id').primaryKey(),
    /** The bill's day in China time, `YYYY-MM-DD`. */
    billDate: text('bill_date').notNull(),
    status: text('status', { enum: ['done', 'failed'] }).notNull(),
    /** `{ matched, missingHere, missingThere, amountDiffers, billRows }`. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    differences: jsonb('differences').$type<Record<string, unknown>[]>().notNull().default([]),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('bill_reconciliations_date_key').on(t.billDate)],
);

/**
 * One-time codes sent by SMS or mail: sign-in, sign-up, recovery and phone changes. Only the code's
 * hash is stored; a code is valid 5 minutes, used once, and refused after 5 wrong tries.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    /** What the code is for: `sign-in`, `sign-up`, `recover`, `phone`, `email`. */
    purpose: text('purpose').notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    /** The phone number or lower-cased email address it was sent to. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_codes_target_idx').on(t.target, t.purpose, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
    index('verification_codes_created_idx').on(t.createdAt),
  ],
);

/** Single-use links mailed to an account: activation (24 h), password recovery (30 min), invitation. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    /** SHA-256 of the token in the link. */
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['activate', 'recover', 'invite'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_account_idx').on(t.accountId, t.purpose)],
);

/** Ten one-use recovery codes per account with two-step verification; hashes only. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_account_idx').on(t.accountId)],
);

/**
 * Every mail and SMS the server sent or tried to send. With no SMTP or SMS provider configured the message
 * stays here as the development outbox (`transport = 'outbox'`, body kept, readable by admins); messages a
 * real transport delivered keep no body.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    transport: text('transport').notNull(),
    recipient: text('recipient').notNull(),
    /** What kind of message: `sign-in-code`, `activation`, `recovery-link`, `invitation`, `alert`, ... */
    kind: text('kind').notNull(),
    subject: text('subject'),
    body: text('body'),
    status: text('status', { enum: ['outbox', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_created_idx').on(t.createdAt, t.id),
    index('messages_transport_idx').on(t.transport, t.createdAt, t.id),
  ],
);

/** Third-party identities (WeChat Work, DingTalk, WeChat open platform) bound to staff accounts. */
export const identityBindings = pgTable(
  'identity_bindings',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['wecom', 'dingtalk', 'wechat'] }).notNull(),
    /** The provider's stable id of the person (WeChat Work userid, DingTalk unionId, WeChat unionid/openid). */
    subject: text('subject').notNull(),
    displayName: text('display_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('identity_bindings_subject_key').on(t.provider, t.subject),
    uniqueIndex('identity_bindings_account_key').on(t.accountId, t.provider),
  ],
);

/** The `state` of a third-party sign-in or binding under way (10 minutes), kept in the database for every server. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    /** `ticket`: a finished sign-in's one-time ticket, which the console exchanges for the session. */
    purpose: text('purpose', { enum: ['sign-in', 'bind', 'ticket'] }).notNull(),
    /** The account binding, for `bind`; the account signing in, for `ticket`. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);

/**
 * The team's goals (the template's goal form, plan and search table), e.g. "December campus screening for
 * client X: 500 PHQ-9 records". Days are calendar days in China time; progress counts the records submitted in
 * them (of the target test if any), computed when read.
 */
export const goals = pgTable(
  'goals',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    description: text('description').notNull(),
    metrics: text('metrics').notNull(),
    client: text('client').notNull(),
    weight: integer('weight'),
    disclosure: text('disclosure', { enum: ['public', 'partial', 'private'] }).notNull(),
    status: text('status', { enum: ['draft', 'in_progress', 'done', 'cancelled'] })
      .notNull()
      .default('draft'),
    ownerId: integer('owner_id').references(() => accounts.id, { onDelete: 'set null' }),
    targetTestId: integer('target_test_id').references(() => tests.id, { onDelete: 'set null' }),
    targetCount: integer('target_count'),
    milestones: jsonb('milestones').$type<Milestone[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('goals_created_idx').on(t.createdAt, t.id),
    // The list's title order (repository: lower(title)).
    index('goals_title_idx').on(sql`lower(${t.title})`, t.id),
    index('goals_updated_idx').on(t.updatedAt, t.id),
    index('goals_start_idx').on(t.startDate, t.id),
    index('goals_end_idx').on(t.endDate, t.id),
    index('goals_status_idx').on(t.status, t.createdAt, t.id),
    index('goals_owner_idx').on(t.ownerId, t.createdAt, t.id),
    trigramIndex('goals_title_trgm_idx', t.title),
    trigramIndex('goals_client_trgm_idx', t.client),
  ],
);

/** A goal's invited critics (at most 5), and the staff a partially public goal is shown to. */
export const goalPeople = pgTable(
  'goal_people',
  {
    goalId: integer('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['critic', 'reader'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.goalId, t.role, t.accountId] }),
    // Which goals a person may see (visibility) is looked up by person.
    index('goal_people_account_idx').on(t.accountId, t.goalId),
  ],
);
