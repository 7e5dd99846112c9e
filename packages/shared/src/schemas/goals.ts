import { z } from 'zod';
import {
  GOAL_CLIENT_MAX,
  GOAL_CRITICS_MAX,
  GOAL_DESCRIPTION_MAX,
  GOAL_DISCLOSURES,
  GOAL_METRICS_MAX,
  GOAL_MILESTONE_TITLE_MAX,
  GOAL_MILESTONES_MAX,
  GOAL_PUBLIC_USERS_MAX,
  GOAL_STATUSES,
  GOAL_TARGET_COUNT_MAX,
  GOAL_TITLE_MAX,
  GOAL_WEIGHT_MAX,
} from '../queries/goals.ts';
import { dayText } from '../queries/list.ts';
import { recordId, text } from './fields.ts';
import { localizedTextSchema } from './localized.ts';

/** A staff account as a goal names it: its owner, critics and the staff it is shown to. */
export const goalPersonSchema = z.object({ id: z.number().int(), name: z.string(), username: z.string() });
export type GoalPerson = z.infer<typeof goalPersonSchema>;

/** A test a goal can target (one published at least once, so it can have records). */
export const goalTestSchema = z.object({ id: z.number().int(), title: localizedTextSchema });
export type GoalTest = z.infer<typeof goalTestSchema>;

export const milestoneSchema = z.strictObject({
  title: text(GOAL_MILESTONE_TITLE_MAX).min(1),
  dueDate: dayText(),
  done: z.boolean().default(false),
});
export type Milestone = z.output<typeof milestoneSchema>;

export const goalSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  description: z.string(),
  metrics: z.string(),
  client: z.string(),
  weight: z.number().int().nullable(),
  disclosure: z.enum(GOAL_DISCLOSURES),
  status: z.enum(GOAL_STATUSES),
  /** Null once the account is gone. */
  owner: goalPersonSchema.nullable(),
  critics: z.array(goalPersonSchema),
  /** The staff a partially public goal is shown to; empty otherwise. */
  publicUsers: z.array(goalPersonSchema),
  /** The records counted: those of this test, or of every test when null. */
  targetTest: goalTestSchema.nullable(),
  /** How many submitted records the goal aims at in its period; null: no number set. */
  targetCount: z.number().int().nullable(),
  milestones: z.array(milestoneSchema),
  /**
   * Records submitted between the start day's beginning and the end day's end (China time), of the target
   * test if any; `percent` of the target count (at most 100), null without one.
   */
  progress: z.object({ submitted: z.number().int(), percent: z.number().int().nullable() }),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Goal = z.infer<typeof goalSchema>;

/** Staff ids, each once. */
const staffIds = (max: number) =>
  z
    .array(recordId)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, 'goal.duplicatePerson')
    .default([]);

/**
 * The basic form's fields, and the plan's (status, target, milestones), which may be left out: the basic form
 * sends none of them, and an edit keeps the ones left out (a new goal starts as a draft with none).
 */
export const goalInputSchema = z
  .strictObject({
    title: text(GOAL_TITLE_MAX).min(1),
    startDate: dayText(),
    endDate: dayText(),
    description: text(GOAL_DESCRIPTION_MAX).min(1),
    metrics: text(GOAL_METRICS_MAX).min(1),
    client: text(GOAL_CLIENT_MAX).min(1),
    criticIds: staffIds(GOAL_CRITICS_MAX),
    weight: z.number().int().min(0).max(GOAL_WEIGHT_MAX).nullable().default(null),
    disclosure: z.enum(GOAL_DISCLOSURES),
    publicUserIds: staffIds(GOAL_PUBLIC_USERS_MAX),
    status: z.enum(GOAL_STATUSES).optional(),
    targetTestId: recordId.nullable().optional(),
    targetCount: z.number().int().min(1).max(GOAL_TARGET_COUNT_MAX).nullable().optional(),
    milestones: z.array(milestoneSchema).max(GOAL_MILESTONES_MAX).optional(),
  })
  .superRefine((goal, issues) => {
    // ISO days compare as text.
    if (goal.endDate < goal.startDate)
      issues.addIssue({ code: 'custom', path: ['endDate'], message: 'goal.endBeforeStart' });
    if (goal.disclosure === 'partial' && goal.publicUserIds.length === 0)
      issues.addIssue({ code: 'custom', path: ['publicUserIds'], message: 'goal.publicUsersRequired' });
    if (goal.disclosure !== 'partial' && goal.publicUserIds.length > 0)
      issues.addIssue({ code: 'custom', path: ['publicUserIds'], message: 'goal.publicUsersOnlyPartial' });
  });
export type GoalInput = z.input<typeof goalInputSchema>;

export const goalIdsSchema = z.strictObject({ ids: z.array(recordId).min(1).max(100) });
export const goalBulkDeleteResultSchema = z.object({ deleted: z.number().int() });
