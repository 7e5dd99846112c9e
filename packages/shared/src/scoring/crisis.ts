import type { BandColour } from '../schemas/scoring.ts';

/**
 * Whether an alert rule, or an alert it raised, opens the participant's report with the self-harm crisis text
 * and hotline (yes or no: there are no crisis tiers yet). A rule saved since rules say so carries `crisis`
 * itself. One from before (in a frozen test version, or an alert in a report stored then) is read by its
 * severity: `severe` ones keep the crisis text they showed, as every seeded self-harm item is severe; milder
 * ones lose it.
 */
export const showsCrisisText = (alert: { crisis?: boolean; severity: BandColour }): boolean =>
  alert.crisis ?? alert.severity === 'severe';
