import type { Goal, GoalDisclosure, GoalInput, GoalStatus } from '@cool/shared';
import dayjs, { type Dayjs } from 'dayjs';

/** A goal's form values, the basic form's and the plan's, and how they become the API's input. */

export interface MilestoneValues {
  title: string;
  dueDate: Dayjs;
  done: boolean;
}

export interface GoalFormValues {
  title: string;
  /** The start and end days, one range picker as in the template. */
  period: [Dayjs, Dayjs];
  description: string;
  metrics: string;
  client: string;
  criticIds: number[];
  weight: number | null;
  disclosure: GoalDisclosure;
  publicUserIds: number[];
  status?: GoalStatus;
  targetTestId?: number | null;
  targetCount?: number | null;
  milestones?: MilestoneValues[];
}

const DAY = 'YYYY-MM-DD';

export const NEW_GOAL: Partial<GoalFormValues> = {
  criticIds: [],
  weight: null,
  disclosure: 'public',
  publicUserIds: [],
  status: 'draft',
  targetTestId: null,
  targetCount: null,
  milestones: [],
};

export const valuesOf = (goal: Goal): GoalFormValues => ({
  title: goal.title,
  period: [dayjs(goal.startDate), dayjs(goal.endDate)],
  description: goal.description,
  metrics: goal.metrics,
  client: goal.client,
  criticIds: goal.critics.map((p) => p.id),
  weight: goal.weight,
  disclosure: goal.disclosure,
  publicUserIds: goal.publicUsers.map((p) => p.id),
  status: goal.status,
  targetTestId: goal.targetTest?.id ?? null,
  targetCount: goal.targetCount,
  milestones: goal.milestones.map((m) => ({ ...m, dueDate: dayjs(m.dueDate) })),
});

/** The basic form's input; `withPlan` adds the plan's fields (the basic form leaves them as they are). */
export function inputOf(values: GoalFormValues, withPlan: boolean): GoalInput {
  const basic: GoalInput = {
    title: values.title.trim(),
    startDate: values.period[0].format(DAY),
    endDate: values.period[1].format(DAY),
    description: values.description.trim(),
    metrics: values.metrics.trim(),
    client: values.client.trim(),
    criticIds: values.criticIds ?? [],
    weight: values.weight ?? null,
    disclosure: values.disclosure,
    // Only a partially public goal lists them; the picker keeps its choice while hidden.
    publicUserIds: values.disclosure === 'partial' ? (values.publicUserIds ?? []) : [],
  };
  if (!withPlan) return basic;
  return {
    ...basic,
    status: values.status,
    targetTestId: values.targetTestId ?? null,
    targetCount: values.targetCount ?? null,
    milestones: (values.milestones ?? []).map((m) => ({
      title: m.title.trim(),
      dueDate: m.dueDate.format(DAY),
      done: m.done ?? false,
    })),
  };
}

/** The form field a server field error belongs on: the days are one range, each picked person its picker. */
export const formFieldOf = (field: string): string => {
  if (field === 'startDate' || field === 'endDate') return 'period';
  return field.replace(/^(criticIds|publicUserIds)\.\d+$/, '$1');
};

/** `?id=12` as a goal id, else null (a new goal). */
export const goalIdOf = (value: string | null): number | null =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
