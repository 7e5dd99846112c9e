import { randomBytes } from 'node:crypto';
import { BUILT_IN_ROLES, BUILTIN_SCALES, type PermissionId, passwordLevel } from '@cool/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from './db/database.ts';
import { accounts, categories, roles, seedLog } from './db/schema.ts';
import { hashPassword } from './modules/auth/passwords.ts';
import { importDocument } from './modules/tests/service.ts';

export interface SeedReport {
  rolesCreated: number;
  rolesUpdated: number;
  /** Set only when this run created the admin account with a generated password. */
  generatedAdminPassword?: string;
  adminCreated: boolean;
  stepsApplied: string[];
}

const DEMO_CATEGORIES = [
  { nameZh: '情绪健康', nameEn: 'Emotional health', sortOrder: 10 },
  { nameZh: '焦虑与压力', nameEn: 'Anxiety and stress', sortOrder: 20 },
  { nameZh: '人格特质', nameEn: 'Personality', sortOrder: 30 },
  { nameZh: '人际关系', nameEn: 'Relationships', sortOrder: 40 },
  { nameZh: '职业发展', nameEn: 'Career', sortOrder: 50 },
];

/** Runs `apply` once per installation; a step staff later undo (say, deleting demo data) stays undone. */
async function once(tx: Tx, name: string, report: SeedReport, apply: () => Promise<void>) {
  const inserted = await tx.insert(seedLog).values({ name }).onConflictDoNothing().returning();
  if (inserted.length === 0) return;
  await apply();
  report.stepsApplied.push(name);
}

/**
 * Permissions added after the built-in roles were first seeded: built-in roles of an older installation get
 * what a new one seeds for those ids, once, keeping whatever else staff changed in those roles.
 */
const GRANT_STEPS: { step: string; ids: readonly PermissionId[] }[] = [
  { step: 'grants:records-alerts-participants', ids: ['records', 'alerts', 'participants'] },
  { step: 'grants:orders-refund-pay', ids: ['orders', 'payLog', 'paySettings'] },
];
const DEMO_STEP = 'demo-categories';
const scaleStep = (key: string) => `builtin:${key}`;

/**
 * Every step `seed` runs once, named from the same constants it uses; `admin-account` runs only when no admin
 * existed, so `seeded` asks for it apart.
 */
const STEPS = [...GRANT_STEPS.map((g) => g.step), DEMO_STEP, ...BUILTIN_SCALES.map((s) => scaleStep(s.key))];

/**
 * Whether a run would change nothing, asked in one statement: a restart then skips the dozens of
 * statements of the transaction below, which are on its way to serving.
 */
export async function seeded(db: Db): Promise<boolean> {
  const admin = BUILT_IN_ROLES.find((r) => r.id === 'admin')!;
  const roleIds = BUILT_IN_ROLES.map((role) => role.id);
  const { rows } = await db.execute<{ done: boolean }>(sql`
    SELECT (SELECT count(*) FROM ${seedLog} WHERE ${seedLog.name} IN ${STEPS}) = ${STEPS.length}
      AND (SELECT count(*) FROM ${roles} WHERE ${roles.id} IN ${roleIds}) = ${roleIds.length}
      AND EXISTS (SELECT 1 FROM ${roles} WHERE ${roles.id} = 'admin' AND ${roles.grants} = ${JSON.stringify(admin.grants)}::jsonb)
      AND (EXISTS (SELECT 1 FROM ${accounts} WHERE ${accounts.username} = 'admin')
        OR EXISTS (SELECT 1 FROM ${seedLog} WHERE ${seedLog.name} = 'admin-account')) AS done`);
  return rows[0]?.done === true;
}

/** Idempotent: a second run changes nothing. */
export async function seed(db: Db, options: { adminPassword?: string | undefined }): Promise<SeedReport> {
  const report: SeedReport = { rolesCreated: 0, rolesUpdated: 0, adminCreated: false, stepsApplied: [] };
  if (await seeded(db)) return report;
  const password = options.adminPassword ?? randomBytes(12).toString('base64url');
  await db.transaction(async (tx) => {
    for (const role of BUILT_IN_ROLES) {
      const created = await tx.insert(roles).values(role).onConflictDoNothing().returning({ id: roles.id });
      report.rolesCreated += created.length;
    }
    // The admin role always holds every permission, including ones added by later versions.
    const admin = BUILT_IN_ROLES.find((r) => r.id === 'admin')!;
    const updated = await tx
      .update(roles)
      .set({ grants: admin.grants })
      .where(sql`${roles.id} = 'admin' AND ${roles.grants} <> ${JSON.stringify(admin.grants)}::jsonb`)
      .returning({ id: roles.id });
    report.rolesUpdated += updated.length;
    for (const { step, ids } of GRANT_STEPS)
      await once(tx, step, report, async () => {
        for (const role of BUILT_IN_ROLES) {
          const added = Object.fromEntries(
            ids.flatMap((id) => (role.grants[id] ? [[id, role.grants[id]]] : [])),
          );
          await tx
            .update(roles)
            .set({ grants: sql`${roles.grants} || ${JSON.stringify(added)}::jsonb` })
            .where(eq(roles.id, role.id));
        }
      });

    const [existing] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.username, 'admin'))
      .limit(1);
    if (!existing) {
      await once(tx, 'admin-account', report, async () => {
        await tx
          .insert(accounts)
          // Hashed only here: argon2 is slow on purpose, and every restart would pay for it.
          .values({
            username: 'admin',
            name: 'Administrator',
            roleId: 'admin',
            passwordHash: await hashPassword(password),
            // As any chosen password: account settings show its strength and age.
            passwordLevel: passwordLevel(password),
            passwordChangedAt: new Date(),
          });
        report.adminCreated = true;
        if (!options.adminPassword) report.generatedAdminPassword = password;
      });
    }
    await once(tx, DEMO_STEP, report, async () => {
      await tx.insert(categories).values(DEMO_CATEGORIES).onConflictDoNothing();
    });
    // Each built-in scale once per installation, on the shelf and filed under its demo categories (those
    // that still exist). Running once means staff edits, or a deletion, are never undone by a restart.
    for (const scale of BUILTIN_SCALES) {
      await once(tx, scaleStep(scale.key), report, async () => {
        await importDocument(tx, scale.document, {
          accountId: null,
          status: 'on_shelf',
          builtinKey: scale.key,
          categoryNames: scale.categoryNames,
        });
      });
    }
  });
  return report;
}
