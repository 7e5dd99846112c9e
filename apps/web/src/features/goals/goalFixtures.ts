import { type Goal, type GoalPerson, goalPersonSchema, goalSchema } from '@cool/shared';

/** Goals and staff as the API answers them, checked by their contracts: the goals screens' integration tests. */

export const person = (id: number): GoalPerson =>
  goalPersonSchema.parse({ id, name: `Staff ${id}`, username: `staff${id}` });

export const goalFixture = (change: Partial<Goal> = {}): Goal =>
  goalSchema.strict().parse({
    id: 7,
    title: 'December campus screening',
    startDate: '2026-12-01',
    endDate: '2026-12-31',
    description: '500 PHQ-9 records',
    metrics: 'Submitted PHQ-9 records',
    client: 'Client X',
    weight: 40,
    disclosure: 'public',
    status: 'in_progress',
    owner: person(1),
    critics: [],
    publicUsers: [],
    targetTest: null,
    targetCount: 500,
    milestones: [],
    progress: { submitted: 125, percent: 25 },
    createTime: '2026-11-20T08:00:00.000Z',
    updateTime: '2026-11-21T08:00:00.000Z',
    ...change,
  });
