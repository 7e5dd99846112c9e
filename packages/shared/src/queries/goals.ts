import * as z from 'zod/mini';
import { dayText, listQuery, queryId, queryText, sortQuery } from './list.ts';

/** The goals list (the template's search table): its query, and the values its filters name. */

/** A goal's life: planned, being worked on, reached, or given up. */
export const GOAL_STATUSES = ['draft', 'in_progress', 'done', 'cancelled'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];
/** Who sees a goal besides its owner and critics: everyone, the listed staff, nobody. */
export const GOAL_DISCLOSURES = ['public', 'partial', 'private'] as const;
export type GoalDisclosure = (typeof GOAL_DISCLOSURES)[number];
export const GOAL_SORT_FIELDS = ['title', 'startDate', 'endDate', 'createTime', 'updateTime'] as const;

export const GOAL_TITLE_MAX = 100;
export const GOAL_CLIENT_MAX = 100;
export const GOAL_DESCRIPTION_MAX = 2000;
export const GOAL_METRICS_MAX = 1000;
/** docs/spec.md sections 5 and 9: invites limited to 5 people. */
export const GOAL_CRITICS_MAX = 5;
export const GOAL_PUBLIC_USERS_MAX = 50;
export const GOAL_MILESTONES_MAX = 20;
export const GOAL_MILESTONE_TITLE_MAX = 100;
export const GOAL_WEIGHT_MAX = 100;
export const GOAL_TARGET_COUNT_MAX = 1_000_000;
/** How many staff accounts or tests a picker's search answers. */
export const GOAL_CHOICES_MAX = 20;

export const goalListQuerySchema = listQuery({
  /** Matches the title or the client. */
  keyword: z.optional(queryText(GOAL_TITLE_MAX)),
  status: z.optional(z.enum(GOAL_STATUSES)),
  ownerId: z.optional(queryId()),
  /** Goals whose period reaches this day or later. */
  from: z.optional(dayText()),
  /** Goals whose period starts on this day or earlier. */
  to: z.optional(dayText()),
  ...sortQuery(GOAL_SORT_FIELDS),
});
export type GoalListQuery = z.input<typeof goalListQuerySchema>;

/** A picker's search: staff by name or username, tests by title. */
export const goalChoiceQuerySchema = z.object({ keyword: z.optional(queryText(64)) });
export type GoalChoiceQuery = z.input<typeof goalChoiceQuerySchema>;
