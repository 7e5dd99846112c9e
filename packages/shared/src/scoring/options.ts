import type { QuestionOption } from '../schemas/questions.ts';

/**
 * The options editor's 'reverse scored' toggle: mirrors the scores over the options, so a Likert item scored
 * 1-2-3-4-5 becomes 5-4-3-2-1 (and back when toggled again). Texts, order and everything else stay.
 */
export function reverseScores<T extends Pick<QuestionOption, 'score'>>(options: readonly T[]): T[] {
  return options.map((option, i) => ({ ...option, score: options[options.length - 1 - i]!.score }));
}

/** Whether the scores strictly fall from the first option to the last (a reverse-scored item). */
export function isReverseScored(options: readonly Pick<QuestionOption, 'score'>[]): boolean {
  const scores = options.map((o) => o.score);
  if (scores.length < 2 || scores.some((s) => s === null)) return false;
  return scores.every((s, i) => i === 0 || (s as number) < (scores[i - 1] as number));
}

/** Default option labels: A, B, C, ... */
export const optionLabel = (index: number): string => String.fromCharCode(65 + (index % 26));

/**
 * Item alerts name their question by position; when questions are reordered or deleted the alerts follow
 * their question (and go with it when it is deleted). `before` and `after` are question ids in position order.
 */
export function remapAlerts<T extends { question: number }>(
  alerts: readonly T[],
  before: readonly number[],
  after: readonly number[],
): T[] {
  return alerts.flatMap((alert) => {
    const id = before[alert.question - 1];
    const position = id === undefined ? -1 : after.indexOf(id);
    return position < 0 ? [] : [{ ...alert, question: position + 1 }];
  });
}
