import type { Answer, ClientQuestion } from '@cool/shared';

/**
 * Answering one question per screen: where to resume, what a choice does to the answers, and whether the
 * participant may go on or submit. Pure, so the page only renders it.
 */

type Question = Pick<ClientQuestion, 'type' | 'required' | 'options'>;

export const isAnswered = (answer: Answer | undefined): boolean =>
  answer !== null && answer !== undefined && (!Array.isArray(answer) || answer.length > 0);

/** One answer per question, in position order: what the server saved, padded with nulls (or cut) to fit. */
export const answersFor = (questions: readonly Question[], saved: readonly Answer[]): Answer[] =>
  questions.map((_, i) => saved[i] ?? null);

/**
 * The screen to open on: the first question without an answer, after the last answered one, so a
 * participant who skipped an optional question is not sent back to it; the last question when all are done.
 */
export function resumeIndex(questions: readonly Question[], answers: readonly Answer[]): number {
  if (questions.length === 0) return 0;
  let lastAnswered = -1;
  answers.forEach((answer, i) => {
    if (i < questions.length && isAnswered(answer)) lastAnswered = i;
  });
  for (let i = lastAnswered + 1; i < questions.length; i++) if (!isAnswered(answers[i])) return i;
  return Math.min(Math.max(lastAnswered, 0), questions.length - 1);
}

/**
 * The answers after tapping option `option` of question `index`: a single or likert question takes it (a tap
 * on the chosen one keeps it); a multiple one toggles it, kept in option order, and none chosen is null.
 */
export function choose(
  questions: readonly Question[],
  answers: readonly Answer[],
  index: number,
  option: number,
): Answer[] {
  const question = questions[index];
  if (!question || option < 0 || option >= question.options.length) return [...answers];
  const next = [...answers];
  if (question.type === 'multiple') {
    const current = answers[index];
    const chosen = new Set(Array.isArray(current) ? current : typeof current === 'number' ? [current] : []);
    if (chosen.has(option)) chosen.delete(option);
    else chosen.add(option);
    next[index] = chosen.size ? [...chosen].sort((a, b) => a - b) : null;
  } else {
    next[index] = option;
  }
  return next;
}

/** Whether option `option` shows as chosen. */
export const isChosen = (answer: Answer | undefined, option: number): boolean =>
  Array.isArray(answer) ? answer.includes(option) : answer === option;

/** A required question needs an answer before the next screen; an optional one may be skipped. */
export const canLeave = (question: Question | undefined, answer: Answer | undefined): boolean =>
  !!question && (!question.required || isAnswered(answer));

/** The 1-based positions of required questions still without an answer: submit waits for them. */
export const missingRequired = (questions: readonly Question[], answers: readonly Answer[]): number[] =>
  questions.flatMap((q, i) => (q.required && !isAnswered(answers[i]) ? [i + 1] : []));

/** Answered questions out of all, for the progress bar. */
export function progress(questions: readonly Question[], answers: readonly Answer[]) {
  const answered = questions.filter((_, i) => isAnswered(answers[i])).length;
  return {
    answered,
    total: questions.length,
    percent: questions.length ? Math.round((answered / questions.length) * 100) : 0,
  };
}

/** A single or likert choice moves on by itself; a multiple choice waits for "next". */
export const advancesOnChoice = (question: Question | undefined): boolean =>
  !!question && question.type !== 'multiple';
