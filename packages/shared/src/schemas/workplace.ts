import { z } from 'zod';

/** The workplace (/dashboard/workplace): the signed-in staff member's start page. */

/** An unpaid order is "expiring soon" when it lapses within this many minutes. */
export const EXPIRING_SOON_MINUTES = 10;

/** What the payment orders leave to act on. */
export const orderToDoSchema = z.object({
  /** Refunds WeChat Pay is still processing, and those it reported abnormal (money stuck: act by hand). */
  refundsProcessing: z.number().int(),
  refundsAbnormal: z.number().int(),
  /** Unpaid orders lapsing within EXPIRING_SOON_MINUTES. */
  unpaidExpiringSoon: z.number().int(),
});
export type OrderToDo = z.infer<typeof orderToDoSchema>;

/** The staff by role: each role's accounts that may sign in, and all of them. */
export const teamSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    members: z.number().int(),
    enabledMembers: z.number().int(),
  }),
);
export type Team = z.infer<typeof teamSchema>;
