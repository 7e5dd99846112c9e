import type {
  Goal,
  GoalChoiceQuery,
  GoalPerson,
  GoalTest,
  goalInputSchema,
  goalListQuerySchema,
  Page,
} from '@cool/shared';
import { GOAL_CHOICES_MAX } from '@cool/shared';
import type { z } from 'zod';
import { type ServiceContext, withTx } from '../../db/tx.ts';
import { badRequest, type FieldProblem, HttpError, httpError, notFound } from '../../http/reply.ts';
import * as repo from './repository.ts';

type GoalInput = z.output<typeof goalInputSchema>;

const person = ({ id, name, username }: repo.PersonRow | GoalPerson): GoalPerson => ({ id, name, username });

const toGoal = (row: repo.GoalRow): Goal => ({
  id: row.id,
  title: row.title,
  startDate: row.startDate,
  endDate: row.endDate,
  description: row.description,
  metrics: row.metrics,
  client: row.client,
  weight: row.weight,
  disclosure: row.disclosure,
  status: row.status,
  owner:
    row.ownerId !== null && row.ownerName !== null && row.ownerUsername !== null
      ? { id: row.ownerId, name: row.ownerName, username: row.ownerUsername }
      : null,
  critics: row.people.filter((p) => p.role === 'critic').map(person),
  publicUsers: row.people.filter((p) => p.role === 'reader').map(person),
  targetTest:
    row.targetTestId !== null
      ? { id: row.targetTestId, title: { zh: row.testTitleZh ?? '', en: row.testTitleEn ?? '' } }
      : null,
  targetCount: row.targetCount,
  milestones: row.milestones,
  progress: {
    submitted: row.submitted,
    percent: row.targetCount ? Math.min(100, Math.floor((row.submitted * 100) / row.targetCount)) : null,
  },
  createTime: row.createTime,
  updateTime: row.updateTime,
});

/** Goals are staff's: every call comes with a signed-in account, whose visibility rule applies. */
function viewerOf(ctx: ServiceContext): number {
  if (ctx.actor.accountId === null) throw httpError(401, 'auth.signInRequired');
  return ctx.actor.accountId;
}

export async function listGoals(
  ctx: ServiceContext,
  query: z.output<typeof goalListQuerySchema>,
): Promise<Page<Goal>> {
  const page = await repo.listGoals(ctx.db, { ...query, viewer: viewerOf(ctx) });
  return { ...page, data: page.data.map(toGoal) };
}

export async function getGoal(ctx: ServiceContext, id: number): Promise<Goal> {
  const row = await repo.findGoal(ctx.db, id, viewerOf(ctx));
  // A goal the account may not see answers as one that does not exist: its existence is not told either.
  if (!row) throw notFound('goal.notFound');
  return toGoal(row);
}

/** The goal as the audit log records it: its columns and the ids of its people. */
async function snapshot(db: ServiceContext['db'], goal: repo.GoalRecord) {
  const people = await repo.peopleOf(db, goal.id);
  const idsOf = (role: repo.GoalPersonRole) => people.filter((p) => p.role === role).map((p) => p.accountId);
  return { ...goal, criticIds: idsOf('critic'), publicUserIds: idsOf('reader') };
}

/**
 * Refuses staff ids that are not enabled accounts, each on its own field (`criticIds.2`). Someone already on
 * the goal may stay after their account is disabled: the goal's other fields can still be saved.
 */
async function checkPeople(db: ServiceContext['db'], input: GoalInput, kept: Set<number>) {
  const lists = { criticIds: input.criticIds, publicUserIds: input.publicUserIds };
  const statuses = new Map(
    (await repo.accountStatuses(db, [...new Set(Object.values(lists).flat())])).map((a) => [a.id, a.status]),
  );
  const problems: FieldProblem[] = Object.entries(lists).flatMap(([field, ids]) =>
    ids.flatMap((id, index) =>
      statuses.get(id) === 'enabled' || (statuses.has(id) && kept.has(id))
        ? []
        : [{ field: `${field}.${index}`, error: 'goal.staffUnavailable' as const }],
    ),
  );
  if (input.targetTestId && !(await repo.testExists(db, input.targetTestId)))
    problems.push({ field: 'targetTestId', error: 'goal.testNotFound' });
  if (problems.length > 0) throw new HttpError(400, 'request.invalid', {}, { errors: problems });
}

const valuesOf = ({ criticIds, publicUserIds, ...values }: GoalInput) => values;

const peopleOf = (input: GoalInput) => [
  ...input.criticIds.map((accountId) => ({ accountId, role: 'critic' as const })),
  ...input.publicUserIds.map((accountId) => ({ accountId, role: 'reader' as const })),
];

/** A new goal, owned by the account that creates it. */
export const createGoal = (ctx: ServiceContext, input: GoalInput) => {
  const viewer = viewerOf(ctx);
  return withTx(ctx, async ({ tx, audit }) => {
    await checkPeople(tx, input, new Set());
    const created = await repo.insertGoal(tx, { ...valuesOf(input), ownerId: viewer });
    await repo.setPeople(tx, created.id, peopleOf(input));
    await audit({
      entityType: 'goal',
      entityId: created.id,
      action: 'create',
      after: await snapshot(tx, created),
    });
    return toGoal((await repo.findGoal(tx, created.id, null))!);
  });
};

/** Replaces the basic form's fields; the plan's (status, target, milestones) change only when given. */
export const updateGoal = (ctx: ServiceContext, id: number, input: GoalInput) => {
  const viewer = viewerOf(ctx);
  return withTx(ctx, async ({ tx, audit }) => {
    const [goal] = await repo.lockGoals(tx, [id], viewer);
    if (!goal) throw notFound('goal.notFound');
    const before = await snapshot(tx, goal);
    await checkPeople(tx, input, new Set([...before.criticIds, ...before.publicUserIds]));
    const updated = await repo.updateGoal(tx, id, valuesOf(input));
    await repo.setPeople(tx, id, peopleOf(input));
    await audit({
      entityType: 'goal',
      entityId: id,
      action: 'update',
      before,
      after: await snapshot(tx, updated),
    });
    // Read as saved: the change may have just hidden it from the account that made it (a critic no more).
    return toGoal((await repo.findGoal(tx, id, null))!);
  });
};

/** Deletes the goals, all or nothing: one the account cannot see refuses the whole batch. */
export const deleteGoals = (ctx: ServiceContext, ids: number[]) => {
  const viewer = viewerOf(ctx);
  const unique = [...new Set(ids)];
  return withTx(ctx, async ({ tx, audit }) => {
    const found = await repo.lockGoals(tx, unique, viewer);
    if (found.length !== unique.length) {
      const missing = unique.filter((id) => !found.some((goal) => goal.id === id));
      if (unique.length === 1) throw notFound('goal.notFound');
      throw badRequest('ids', 'goal.someNotFound', { ids: missing.join(', ') });
    }
    const before = await Promise.all(found.map((goal) => snapshot(tx, goal)));
    await repo.deleteGoals(tx, unique);
    for (const goal of before)
      await audit({ entityType: 'goal', entityId: goal.id, action: 'delete', before: goal });
    return unique.length;
  });
};

export const staffChoices = async (ctx: ServiceContext, query: GoalChoiceQuery): Promise<GoalPerson[]> =>
  repo.staffChoices(ctx.db, query.keyword, GOAL_CHOICES_MAX);

export const testChoices = async (ctx: ServiceContext, query: GoalChoiceQuery): Promise<GoalTest[]> =>
  (await repo.testChoices(ctx.db, query.keyword, GOAL_CHOICES_MAX)).map((t) => ({
    id: t.id,
    title: { zh: t.titleZh, en: t.titleEn },
  }));
