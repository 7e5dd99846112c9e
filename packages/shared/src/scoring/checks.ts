import type { ErrorCode, ParamsArg } from '../errors/catalogue.ts';
import type { Dimension } from '../schemas/scoring.ts';
import { countsTowards, roundScore, type ScorableQuestion, type ScorableTest } from './engine.ts';

const EPSILON = 1e-9;
const fmt = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** Lowest and highest contribution of one answered question to a dimension. */
function questionRange(question: ScorableQuestion, key: string): { min: number; max: number } {
  const scores = question.options.map((o) => (countsTowards(o, key) ? (o.score ?? 0) : 0));
  if (scores.length === 0) return { min: 0, max: 0 };
  if (question.type !== 'multiple') return { min: Math.min(...scores), max: Math.max(...scores) };
  // Multiple choice: any non-empty set of options.
  const negatives = scores.filter((s) => s < 0);
  const positives = scores.filter((s) => s > 0);
  return {
    min: negatives.length > 0 ? negatives.reduce((a, b) => a + b, 0) : Math.min(...scores),
    max: positives.length > 0 ? positives.reduce((a, b) => a + b, 0) : Math.max(...scores),
  };
}

/**
 * The lowest and highest final score a dimension can reach, or null when no question counts towards it.
 * Optional questions may be skipped: a skipped question adds 0 to a sum and leaves a mean's divisor.
 */
export function dimensionRange(
  test: Pick<ScorableTest, 'questions'>,
  dimension: Dimension,
): { min: number; max: number } | null {
  const members = test.questions.filter((q) => q.options.some((o) => countsTowards(o, dimension.key)));
  if (members.length === 0) return null;
  const ranges = members.map((q) => ({ ...questionRange(q, dimension.key), required: q.required }));
  let min: number;
  let max: number;
  if (dimension.aggregate === 'sum') {
    min = ranges.reduce((acc, r) => acc + (r.required ? r.min : Math.min(0, r.min)), 0);
    max = ranges.reduce((acc, r) => acc + (r.required ? r.max : Math.max(0, r.max)), 0);
  } else if (ranges.every((r) => r.required)) {
    min = ranges.reduce((acc, r) => acc + r.min, 0) / ranges.length;
    max = ranges.reduce((acc, r) => acc + r.max, 0) / ranges.length;
  } else {
    // The mean of any non-empty subset lies between the lowest minimum and the highest maximum.
    min = Math.min(...ranges.map((r) => r.min));
    max = Math.max(...ranges.map((r) => r.max));
  }
  const round = (v: number) => roundScore(v * dimension.multiplier, dimension.rounding, dimension.decimals);
  return { min: round(min), max: round(max) };
}

/** The smallest step between two final scores, or null when scores can be fractional without bound. */
export function scoreStep(test: Pick<ScorableTest, 'questions'>, dimension: Dimension): number | null {
  if (dimension.rounding !== 'none') return 10 ** -dimension.decimals;
  const integerScores = test.questions.every((q) => q.options.every((o) => Number.isInteger(o.score ?? 0)));
  if (dimension.aggregate === 'sum' && integerScores && Number.isInteger(dimension.multiplier)) return 1;
  return null;
}

/** Why a test cannot be published: a `publish.*` code of the error catalogue and the values its text names. */
export interface PublishProblem {
  error: ErrorCode;
  params?: Record<string, string | number>;
}

/** A problem whose parameters are checked against its catalogue text. */
const problem = <C extends ErrorCode>(error: C, ...[params]: ParamsArg<C>): PublishProblem =>
  params ? { error, params } : { error };

/** Problems with a dimension's bands: each must be covered from its lowest to its highest score, once. */
function bandProblems(test: Pick<ScorableTest, 'questions'>, dimension: Dimension): PublishProblem[] {
  if (dimension.bands.length === 0) return [];
  const { key } = dimension;
  const range = dimensionRange(test, dimension);
  if (!range) return [problem('publish.bandsWithoutQuestions', { key })];
  const step = scoreStep(test, dimension);
  if (step === null) return [problem('publish.fractionalScores', { key })];
  const problems: PublishProblem[] = [];
  const bands = [...dimension.bands].sort((a, b) => a.min - b.min || a.max - b.max);
  const first = bands[0]!;
  if (first.min > range.min + EPSILON)
    problems.push(problem('publish.lowestUncovered', { key, score: fmt(range.min) }));
  let reach = first.max;
  for (const band of bands.slice(1)) {
    if (band.min <= reach + EPSILON) {
      const to = fmt(Math.min(reach, band.max));
      problems.push(problem('publish.bandsOverlap', { key, from: fmt(band.min), to }));
    } else if (band.min > reach + step + EPSILON) {
      problems.push(problem('publish.bandGap', { key, from: fmt(reach + step), to: fmt(band.min - step) }));
    }
    reach = Math.max(reach, band.max);
  }
  if (reach < range.max - EPSILON)
    problems.push(problem('publish.highestUncovered', { key, score: fmt(range.max) }));
  return problems;
}

/**
 * Why a test cannot be published; empty when it can. Each problem names its question, dimension or alert.
 */
export function publishProblems(test: ScorableTest): PublishProblem[] {
  const problems: PublishProblem[] = [];
  const { questions, scoring } = test;
  if (questions.length === 0) problems.push(problem('publish.noQuestions'));
  const keys = new Set(scoring.dimensions.map((d) => d.key));
  const letters = new Set(scoring.typology?.axes.flatMap((a) => [a.left.letter, a.right.letter]) ?? []);
  questions.forEach((q, i) => {
    const question = i + 1;
    if (q.options.length < 2) problems.push(problem('publish.tooFewOptions', { question }));
    q.options.forEach((option, j) => {
      const at = { question, option: (option as { label?: string }).label || String(j + 1) };
      if (option.score === null || option.score === undefined) problems.push(problem('publish.unscored', at));
      for (const key of option.dimensions) {
        if (!keys.has(key)) problems.push(problem('publish.unknownDimension', { ...at, key }));
      }
      if (option.pole && !letters.has(option.pole))
        problems.push(problem('publish.unknownPole', { ...at, pole: option.pole }));
      // A negative vote would take a pole below 0 points, and its percentage outside 0–100.
      if (option.pole && (option.score ?? 0) < 0)
        problems.push(problem('publish.negativePole', { ...at, pole: option.pole }));
    });
  });
  for (const dimension of scoring.dimensions) problems.push(...bandProblems(test, dimension));
  scoring.alerts.forEach((alert, i) => {
    if (alert.question > questions.length)
      problems.push(
        problem('publish.alertPastEnd', {
          alert: i + 1,
          question: alert.question,
          questions: questions.length,
        }),
      );
  });
  if (scoring.typology) {
    const axes = scoring.typology.axes;
    if (!questions.some((q) => q.options.some((o) => o.pole))) problems.push(problem('publish.noPoleVotes'));
    const texts = new Set(scoring.typology.types.map((t) => t.code));
    for (const code of allTypeCodes(axes.map((a) => [a.left.letter, a.right.letter] as const))) {
      if (!texts.has(code)) problems.push(problem('publish.typeWithoutText', { code }));
    }
  }
  if (scoring.dimensions.length === 0 && !scoring.typology) problems.push(problem('publish.nothingScored'));
  return problems;
}

/** Every type code the axes can produce, in axis order. */
export function allTypeCodes(axes: readonly (readonly [string, string])[]): string[] {
  return axes.reduce<string[]>((codes, [left, right]) => codes.flatMap((c) => [c + left, c + right]), ['']);
}
