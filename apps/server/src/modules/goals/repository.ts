import type { GoalDisclosure, GoalStatus, goalListQuerySchema } from '@cool/shared';
import { and, asc, eq, getTableColumns, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { containsPattern, defineList, outerColumn } from '../../db/list.ts';
import { accounts, goalPeople, goals, records, tests } from '../../db/schema.ts';
import { isoTime } from '../../db/time.ts';

/** A stored goal, as written. */
export type GoalRecord = typeof goals.$inferSelect;
export type GoalValues = Omit<typeof goals.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type GoalPersonRole = (typeof goalPeople.$inferSelect)['role'];
export interface PersonRow {
  id: number;
  name: string;
  username: string;
  role: GoalPersonRole;
}

/**
 * Who sees a goal: its owner and critics always; everyone when it is public; the listed staff when it is
 * partially public; nobody else when it is private. The same rule for the list, a detail, a change.
 */
const visibleTo = (accountId: number) =>
  or(
    eq(goals.ownerId, accountId),
    eq(goals.disclosure, 'public' satisfies GoalDisclosure),
    sql`exists (select 1 from ${goalPeople} where ${goalPeople.goalId} = ${goals.id}
      and ${goalPeople.accountId} = ${accountId}
      and (${goalPeople.role} = 'critic' or ${goals.disclosure} = 'partial'))`,
  )!;

// A goal's days are China-time (UTC+8) days, as the service's trade bills are: its period runs from the start
// day's midnight to the end day's next midnight there.
const periodStart = sql`((${goals.startDate}::timestamp - interval '8 hours') at time zone 'UTC')`;
const periodEnd = sql`(((${goals.endDate} + 1)::timestamp - interval '8 hours') at time zone 'UTC')`;

/** The records submitted in the goal's period, of its target test when it has one. */
const submittedSql = sql<number>`(select count(*)::int from ${records}
  where ${records.status} = 'submitted'
    and ${records.submittedAt} >= ${periodStart} and ${records.submittedAt} < ${periodEnd}
    and (${outerColumn(goals.targetTestId)} is null or ${records.testId} = ${outerColumn(goals.targetTestId)}))`;

/** Its critics and readers with their names, as one JSON array. */
const peopleSql = sql<PersonRow[]>`(select coalesce(json_agg(json_build_object(
    'id', ${accounts.id}, 'name', ${accounts.name}, 'username', ${accounts.username}, 'role', ${goalPeople.role}
  ) order by ${accounts.name}, ${accounts.id}), '[]'::json)
  from ${goalPeople} join ${accounts} on ${accounts.id} = ${goalPeople.accountId}
  where ${goalPeople.goalId} = ${outerColumn(goals.id)})`;

const owner = alias(accounts, 'owner');
const { createdAt, updatedAt, ...stored } = getTableColumns(goals);

const selectGoals = (db: Executor, where: SQL) =>
  db
    .select({
      ...stored,
      createTime: isoTime(createdAt),
      updateTime: isoTime(updatedAt),
      ownerName: owner.name,
      ownerUsername: owner.username,
      testTitleZh: tests.titleZh,
      testTitleEn: tests.titleEn,
      people: peopleSql,
      submitted: submittedSql,
    })
    .from(goals)
    .leftJoin(owner, eq(owner.id, goals.ownerId))
    .leftJoin(tests, eq(tests.id, goals.targetTestId))
    .where(where);

export type GoalRow = Awaited<ReturnType<typeof selectGoals>>[number];

const goalList = defineList({
  table: goals,
  id: goals.id,
  filters: {
    /** The signed-in account: every list is cut to the goals it may see. */
    viewer: (accountId: number) => visibleTo(accountId),
    keyword: (keyword: string) =>
      or(ilike(goals.title, containsPattern(keyword)), ilike(goals.client, containsPattern(keyword))),
    status: (status: GoalStatus) => eq(goals.status, status),
    ownerId: (ownerId: number) => eq(goals.ownerId, ownerId),
    // Goals whose period overlaps the searched days.
    from: (day: string) => sql`${goals.endDate} >= ${day}`,
    to: (day: string) => sql`${goals.startDate} <= ${day}`,
  },
  sorts: {
    title: sql`lower(${goals.title})`,
    startDate: goals.startDate,
    endDate: goals.endDate,
    createTime: goals.createdAt,
    updateTime: goals.updatedAt,
  },
  defaultSort: { field: 'createTime', order: 'descend' },
});

const goalPages = goalList.pages((db, inPage, order) => selectGoals(db, inPage).orderBy(...order));

export const listGoals = (db: Executor, query: z.output<typeof goalListQuerySchema> & { viewer: number }) =>
  goalPages(db, query);

const byId = (id: number) => eq(goals.id, id);

/** The goal if `viewer` may see it; `viewer` null reads it regardless (a change just made, already checked). */
export const findGoal = async (
  db: Executor,
  id: number,
  viewer: number | null,
): Promise<GoalRow | undefined> =>
  (await selectGoals(db, viewer === null ? byId(id) : and(byId(id), visibleTo(viewer))!).limit(1))[0];

/** Reads the goals for a change, locking them until the transaction ends; only those the viewer may see. */
export const lockGoals = (db: Executor, ids: number[], viewer: number): Promise<GoalRecord[]> =>
  db
    .select()
    .from(goals)
    .where(and(inArray(goals.id, ids), visibleTo(viewer)))
    .orderBy(asc(goals.id))
    .for('update');

export const peopleOf = async (db: Executor, goalId: number) =>
  db
    .select({ accountId: goalPeople.accountId, role: goalPeople.role })
    .from(goalPeople)
    .where(eq(goalPeople.goalId, goalId))
    .orderBy(asc(goalPeople.role), asc(goalPeople.accountId));

export const insertGoal = async (db: Executor, values: GoalValues): Promise<GoalRecord> =>
  (await db.insert(goals).values(values).returning())[0]!;

export const updateGoal = async (
  db: Executor,
  id: number,
  values: Partial<GoalValues>,
): Promise<GoalRecord> =>
  (
    await db
      .update(goals)
      .set({ ...values, updatedAt: new Date() })
      .where(byId(id))
      .returning()
  )[0]!;

/** Replaces the goal's critics and readers. */
export async function setPeople(
  db: Executor,
  goalId: number,
  people: { accountId: number; role: GoalPersonRole }[],
): Promise<void> {
  await db.delete(goalPeople).where(eq(goalPeople.goalId, goalId));
  if (people.length > 0) await db.insert(goalPeople).values(people.map((p) => ({ ...p, goalId })));
}

export const deleteGoals = async (db: Executor, ids: number[]): Promise<void> => {
  await db.delete(goals).where(inArray(goals.id, ids));
};

/** The status of each of these accounts that exists. */
export const accountStatuses = (db: Executor, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.select({ id: accounts.id, status: accounts.status }).from(accounts).where(inArray(accounts.id, ids));

export const testExists = async (db: Executor, id: number): Promise<boolean> =>
  (await db.$count(tests, eq(tests.id, id))) > 0;

/** Enabled staff accounts for a picker, by name or username, at most `limit`. */
export const staffChoices = (db: Executor, keyword: string | undefined, limit: number) =>
  db
    .select({ id: accounts.id, name: accounts.name, username: accounts.username })
    .from(accounts)
    .where(
      and(
        eq(accounts.status, 'enabled'),
        keyword
          ? or(
              ilike(accounts.name, containsPattern(keyword)),
              ilike(accounts.username, containsPattern(keyword)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(accounts.name), asc(accounts.id))
    .limit(limit);

/** Tests published at least once (so they can have records) for a picker, by title, at most `limit`. */
export const testChoices = (db: Executor, keyword: string | undefined, limit: number) =>
  db
    .select({ id: tests.id, titleZh: tests.titleZh, titleEn: tests.titleEn })
    .from(tests)
    .where(
      and(
        gt(tests.version, 0),
        keyword
          ? or(ilike(tests.titleZh, containsPattern(keyword)), ilike(tests.titleEn, containsPattern(keyword)))
          : undefined,
      ),
    )
    .orderBy(asc(tests.sortOrder), asc(tests.id))
    .limit(limit);
