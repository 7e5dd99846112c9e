import type { Grants } from '@cool/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  describe: text('describe').notNull().default(''),
  status: text('status', { enum: ['enabled', 'disabled'] })
    .notNull()
    .default('enabled'),
  grants: jsonb('grants').$type<Grants>().notNull(),
  createdAt: createdAt(),
});

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    avatar: text('avatar'),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id),
    passwordHash: text('password_hash').notNull(),
    twoStepEnabled: integer('two_step_enabled').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`),
    index('accounts_role_idx').on(t.roleId),
    index('accounts_created_idx').on(t.createdAt, t.id),
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
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_account_idx').on(t.accountId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Failed sign-ins per key (`account:<name>` or `ip:<address>`), for throttling. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
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
  ],
);

/** Seed steps already applied, so seeding runs each step once and never resurrects what staff deleted. */
export const seedLog = pgTable('seed_log', {
  name: text('name').primaryKey(),
  appliedAt: createdAt(),
});
