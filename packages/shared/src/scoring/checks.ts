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

const name = (dimension: Dimension) => `Dimension "${dimension.key}"`;

/** Problems with a dimension's bands: each must be covered from its lowest to its highest score, once. */
function bandProblems(test: Pick<ScorableTest, 'questions'>, dimension: Dimension): string[] {
  if (dimension.bands.length === 0) return [];
  const range = dimensionRange(test, dimension);
  if (!range) return [`${name(dimension)} has bands but no question's options count towards it`];
  const step = scoreStep(test, dimension);
  if (step === null)
    return [
      `${name(dimension)}: its scores can be fractional; choose floor or half-up rounding so its bands can cover every score`,
    ];
  const problems: string[] = [];
  const bands = [...dimension.bands].sort((a, b) => a.min - b.min || a.max - b.max);
  const first = bands[0]!;
  if (first.min > range.min + EPSILON)
    problems.push(`${name(dimension)}: no band covers the lowest possible score ${fmt(range.min)}`);
  let reach = first.max;
  for (const band of bands.slice(1)) {
    if (band.min <= reach + EPSILON) {
      problems.push(
        `${name(dimension)}: bands overlap between ${fmt(band.min)} and ${fmt(Math.min(reach, band.max))}`,
      );
    } else if (band.min > reach + step + EPSILON) {
      problems.push(
        `${name(dimension)}: no band covers scores from ${fmt(reach + step)} to ${fmt(band.min - step)}`,
      );
    }
    reach = Math.max(reach, band.max);
  }
  if (reach < range.max - EPSILON)
    problems.push(`${name(dimension)}: no band covers the highest possible score ${fmt(range.max)}`);
  return problems;
}

const optionName = (q: number, label: string, index: number) =>
  `Question ${q}, option ${label ? `${label}` : index + 1}`;

/**
 * Why a test cannot be published; empty when it can. Each problem names its question, dimension or alert.
 */
export function publishProblems(test: ScorableTest): string[] {
  const problems: string[] = [];
  const { questions, scoring } = test;
  if (questions.length === 0) problems.push('The test has no questions');
  const keys = new Set(scoring.dimensions.map((d) => d.key));
  const letters = new Set(scoring.typology?.axes.flatMap((a) => [a.left.letter, a.right.letter]) ?? []);
  questions.forEach((question, i) => {
    const n = i + 1;
    if (question.options.length < 2) problems.push(`Question ${n} needs at least two options`);
    question.options.forEach((option, j) => {
      const label = (option as { label?: string }).label ?? '';
      if (option.score === null || option.score === undefined)
        problems.push(`${optionName(n, label, j)} has no score`);
      for (const key of option.dimensions) {
        if (!keys.has(key))
          problems.push(`${optionName(n, label, j)} counts towards unknown dimension "${key}"`);
      }
      if (option.pole && !letters.has(option.pole))
        problems.push(`${optionName(n, label, j)} votes for pole ${option.pole}, which no axis has`);
    });
  });
  for (const dimension of scoring.dimensions) problems.push(...bandProblems(test, dimension));
  scoring.alerts.forEach((alert, i) => {
    if (alert.question > questions.length)
      problems.push(
        `Alert ${i + 1} looks at question ${alert.question}, but the test has ${questions.length}`,
      );
  });
  if (scoring.typology) {
    const axes = scoring.typology.axes;
    if (!questions.some((q) => q.options.some((o) => o.pole)))
      problems.push('The typology has axes but no option votes for a pole');
    const texts = new Set(scoring.typology.types.map((t) => t.code));
    for (const code of allTypeCodes(axes.map((a) => [a.left.letter, a.right.letter] as const))) {
      if (!texts.has(code)) problems.push(`Type ${code} has no text`);
    }
  }
  if (scoring.dimensions.length === 0 && !scoring.typology)
    problems.push('The scoring defines no dimension (add at least "total") and no typology');
  return problems;
}

/** Every type code the axes can produce, in axis order. */
export function allTypeCodes(axes: readonly (readonly [string, string])[]): string[] {
  return axes.reduce<string[]>((codes, [left, right]) => codes.flatMap((c) => [c + left, c + right]), ['']);
}
