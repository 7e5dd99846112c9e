import type { ErrorCode } from '../errors/catalogue.ts';
import { TOTAL_KEY } from '../limits.ts';
import type { LocalizedText } from '../schemas/localized.ts';
import type { QuestionType } from '../schemas/questions.ts';
import type { Answer, DimensionResult, ScoreReport } from '../schemas/report.ts';
import type { Band, Dimension, ItemAlert, Scoring } from '../schemas/scoring.ts';
import { showsCrisisText } from './crisis.ts';

/**
 * The scoring engine: pure and deterministic, shared by the server (`POST /api/tests/:id/score`)
 * and the console preview, so both compute identically.
 *
 * Rules:
 * - Every chosen option adds its score to the `total` and to each dimension it names.
 * - A dimension's raw score is that sum; its item count is the number of answered questions having at least
 *   one option that counts towards it. `mean` divides the raw score by the item count.
 * - The final score is `aggregate x multiplier`, then rounded (`floor` or `half_up`, to `decimals` places;
 *   `none` keeps it as is). Bands are inclusive ranges on the final score; the first band that contains it wins.
 * - Typology: a chosen option with a pole letter adds its score (as points) to that pole. Per axis, each pole's
 *   percentage is its share of the axis points, rounded half up, the two adding up to 100 (50/50 when no
 *   points). The pole with more points gives the axis letter; on a tie the axis's `tieWinner` pole does.
 * - Alerts compare the chosen option's score (the sum for multiple choice) of one question with a number;
 *   unanswered questions raise none.
 */

export interface ScorableOption {
  score: number | null;
  dimensions: readonly string[];
  pole?: string | null;
}

export interface ScorableQuestion {
  type: QuestionType;
  required: boolean;
  options: readonly ScorableOption[];
}

export interface ScorableTest {
  questions: readonly ScorableQuestion[];
  scoring: Scoring;
}

/** A problem with the answers, naming the question by its 1-based position. */
export interface AnswerError {
  /** 1-based question position; 0 when the problem is the answer list itself. */
  question: number;
  error: ErrorCode;
  params?: Record<string, number>;
  message: string;
}

export type ScoreOutcome = { ok: true; report: ScoreReport } | { ok: false; errors: AnswerError[] };

const EPSILON = 1e-9;

/** Rounds as a dimension says; half-up rounds .5 away from minus infinity (2.5 -> 3, -2.5 -> -2). */
export function roundScore(value: number, rounding: Dimension['rounding'], decimals: number): number {
  if (rounding === 'none') return value;
  const factor = 10 ** decimals;
  const scaled = value * factor;
  const rounded = rounding === 'floor' ? Math.floor(scaled + EPSILON) : Math.floor(scaled + 0.5 + EPSILON);
  return rounded / factor;
}

/** Final score of a dimension from its raw sum and answered item count. */
export function finalScore(dimension: Dimension, raw: number, itemCount: number): number | null {
  if (itemCount === 0) return null;
  const aggregated = dimension.aggregate === 'mean' ? raw / itemCount : raw;
  return roundScore(aggregated * dimension.multiplier, dimension.rounding, dimension.decimals);
}

export function findBand(bands: readonly Band[], score: number | null): Band | null {
  if (score === null) return null;
  return bands.find((band) => score >= band.min - EPSILON && score <= band.max + EPSILON) ?? null;
}

/** Whether an option counts towards a dimension (every option counts towards `total`). */
export const countsTowards = (option: ScorableOption, key: string): boolean =>
  key === TOTAL_KEY || option.dimensions.includes(key);

const compare = (operator: ItemAlert['operator'], left: number, right: number): boolean => {
  switch (operator) {
    case 'gt':
      return left > right;
    case 'gte':
      return left >= right;
    case 'lt':
      return left < right;
    case 'lte':
      return left <= right;
    case 'eq':
      return left === right;
    case 'neq':
      return left !== right;
  }
};

/** Checks the answers against the questions; the chosen option indexes per question, or the errors. */
export function validateAnswers(
  test: Pick<ScorableTest, 'questions'>,
  answers: readonly Answer[],
): { ok: true; chosen: (number[] | null)[] } | { ok: false; errors: AnswerError[] } {
  const errors: AnswerError[] = [];
  const { questions } = test;
  if (answers.length !== questions.length) {
    return {
      ok: false,
      errors: [
        {
          question: 0,
          error: 'answer.countMismatch',
          params: { expected: questions.length, received: answers.length },
          message: `Expected ${questions.length} answers, one per question, got ${answers.length}`,
        },
      ],
    };
  }
  const chosen: (number[] | null)[] = [];
  questions.forEach((question, i) => {
    const n = i + 1;
    const answer = answers[i] ?? null;
    const indexes = answer === null ? [] : Array.isArray(answer) ? answer : [answer];
    if (Array.isArray(answer) && question.type !== 'multiple') {
      errors.push({
        question: n,
        error: 'answer.notSingle',
        message: `Question ${n} takes one option index, not a list`,
      });
      chosen.push(null);
      return;
    }
    if (indexes.length === 0) {
      if (question.required)
        errors.push({ question: n, error: 'field.required', message: `Question ${n} is required` });
      chosen.push(null);
      return;
    }
    const bad = indexes.find(
      (index) => !Number.isInteger(index) || index < 0 || index >= question.options.length,
    );
    if (bad !== undefined) {
      errors.push({
        question: n,
        error: 'answer.noSuchOption',
        params: { option: bad },
        message: `Question ${n}: option ${bad} does not exist`,
      });
      chosen.push(null);
      return;
    }
    if (new Set(indexes).size !== indexes.length) {
      errors.push({
        question: n,
        error: 'answer.chosenTwice',
        message: `Question ${n}: an option is chosen twice`,
      });
      chosen.push(null);
      return;
    }
    chosen.push([...indexes].sort((a, b) => a - b));
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, chosen };
}

const bandResult = (band: Band | null) => (band ? { ...band } : null);

/** Scores a test: the report, or the answer errors naming each question. */
export function scoreTest(test: ScorableTest, answers: readonly Answer[]): ScoreOutcome {
  const validated = validateAnswers(test, answers);
  if (!validated.ok) return validated;
  const { chosen } = validated;
  const { questions, scoring } = test;

  let totalRaw = 0;
  let answeredCount = 0;
  const answerScore: (number | null)[] = [];
  questions.forEach((question, i) => {
    const picks = chosen[i];
    if (!picks) {
      answerScore.push(null);
      return;
    }
    answeredCount++;
    const sum = picks.reduce((acc, index) => acc + (question.options[index]?.score ?? 0), 0);
    answerScore.push(sum);
    totalRaw += sum;
  });

  const dimensions: DimensionResult[] = scoring.dimensions.map((dimension) => {
    let raw = 0;
    let itemCount = 0;
    questions.forEach((question, i) => {
      const picks = chosen[i];
      if (!picks || !question.options.some((option) => countsTowards(option, dimension.key))) return;
      itemCount++;
      for (const index of picks) {
        const option = question.options[index]!;
        if (countsTowards(option, dimension.key)) raw += option.score ?? 0;
      }
    });
    const final = finalScore(dimension, raw, itemCount);
    return {
      key: dimension.key,
      name: { ...dimension.name },
      raw,
      itemCount,
      final,
      band: bandResult(findBand(dimension.bands, final)),
    };
  });
  const total = dimensions.find((d) => d.key === TOTAL_KEY) ?? null;

  return {
    ok: true,
    report: {
      questionCount: questions.length,
      answeredCount,
      totalRaw,
      finalScore: total?.final ?? null,
      band: total?.band ?? null,
      dimensions,
      type: scoreTypology(test, chosen),
      alerts: scoring.alerts
        .filter((alert) => {
          const score = answerScore[alert.question - 1];
          return score !== null && score !== undefined && compare(alert.operator, score, alert.score);
        })
        .map((alert) => ({
          question: alert.question,
          severity: alert.severity,
          crisis: showsCrisisText(alert),
          operator: alert.operator,
          score: alert.score,
          message: { ...alert.message },
        })),
    },
  };
}

const EMPTY: LocalizedText = { zh: '', en: '' };

function scoreTypology(test: ScorableTest, chosen: (number[] | null)[]): ScoreReport['type'] {
  const typology = test.scoring.typology;
  if (!typology) return null;
  const points = new Map<string, number>();
  test.questions.forEach((question, i) => {
    for (const index of chosen[i] ?? []) {
      const option = question.options[index]!;
      if (option.pole) points.set(option.pole, (points.get(option.pole) ?? 0) + (option.score ?? 0));
    }
  });
  const axes = typology.axes.map((axis) => {
    // Publishing refuses negative votes; a pole of a test published before that counts at least 0 points,
    // so its percentage stays within 0–100 and agrees with the letter.
    const left = Math.max(0, points.get(axis.left.letter) ?? 0);
    const right = Math.max(0, points.get(axis.right.letter) ?? 0);
    const sum = left + right;
    const leftPercent = sum > 0 ? Math.floor((left / sum) * 100 + 0.5) : 50;
    const tie = left === right;
    const winner = tie ? axis.tieWinner : left > right ? 'left' : 'right';
    return {
      key: axis.key,
      name: { ...axis.name },
      left: { letter: axis.left.letter, name: { ...axis.left.name }, points: left, percent: leftPercent },
      right: {
        letter: axis.right.letter,
        name: { ...axis.right.name },
        points: right,
        percent: 100 - leftPercent,
      },
      letter: axis[winner].letter,
      tie,
    };
  });
  const code = axes.map((axis) => axis.letter).join('');
  const text = typology.types.find((t) => t.code === code);
  return {
    code,
    name: text ? { ...text.name } : { ...EMPTY },
    description: text ? { ...text.description } : { ...EMPTY },
    axes,
  };
}
