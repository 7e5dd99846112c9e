import { describe, expect, it } from 'vitest';
import { type Dimension, type Scoring, scoringSchema } from '../schemas/scoring.ts';
import { dimensionRange, publishProblems } from './checks.ts';
import { roundScore, type ScorableQuestion, scoreTest } from './engine.ts';
import { isReverseScored, remapAlerts, reverseScores } from './options.ts';

const opts = (...scores: (number | null)[]) => scores.map((score) => ({ score, dimensions: [] as string[] }));
const q = (scores: (number | null)[], extra: Partial<ScorableQuestion> = {}): ScorableQuestion => ({
  type: 'single',
  required: true,
  options: opts(...scores),
  ...extra,
});
const scoring = (input: object): Scoring => scoringSchema.parse(input);
const band = (min: number, max: number, level: string) => ({
  min,
  max,
  level,
  colour: 'normal' as const,
  label: { zh: level, en: level },
});
const total = (bands: ReturnType<typeof band>[], extra: Partial<Dimension> = {}) => ({
  key: 'total',
  name: { en: 'Total' },
  bands,
  ...extra,
});

describe('rounding', () => {
  it('rounds half up, floors, or keeps the value', () => {
    expect(roundScore(52.5, 'half_up', 0)).toBe(53);
    expect(roundScore(51.25, 'half_up', 0)).toBe(51);
    expect(roundScore(51.75, 'floor', 0)).toBe(51);
    expect(roundScore(3.335, 'half_up', 2)).toBe(3.34);
    expect(roundScore(3.25, 'none', 0)).toBe(3.25);
  });
});

describe('answer validation', () => {
  const test = {
    questions: [q([0, 1]), q([0, 1, 2], { required: false }), q([1, 2, 3], { type: 'multiple' })],
    scoring: scoring({ dimensions: [total([])] }),
  };

  it('names the question of every bad answer', () => {
    const outcome = scoreTest(test, [null, 7, []]);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors.map((e) => e.message)).toEqual([
      'Question 1 is required',
      'Question 2: option 7 does not exist',
      'Question 3 is required',
    ]);
    expect(outcome.errors.map((e) => e.question)).toEqual([1, 2, 3]);
  });

  it('refuses negative indexes, lists on single choice, repeated options and a wrong answer count', () => {
    const messages = (answers: Parameters<typeof scoreTest>[1]) => {
      const outcome = scoreTest(test, answers);
      return outcome.ok ? [] : outcome.errors.map((e) => e.message);
    };
    expect(messages([-1, null, [0]])).toEqual(['Question 1: option -1 does not exist']);
    expect(messages([[0], null, [0]])).toEqual(['Question 1 takes one option index, not a list']);
    expect(messages([0, null, [1, 1]])).toEqual(['Question 3: an option is chosen twice']);
    expect(messages([0, null])).toEqual(['Expected 3 answers, one per question, got 2']);
  });

  it('scores an optional unanswered question as nothing and sums multiple choices', () => {
    const outcome = scoreTest(test, [1, null, [0, 2]]);
    expect(outcome.ok && outcome.report).toMatchObject({ answeredCount: 2, totalRaw: 5, finalScore: 5 });
  });
});

describe('dimensions', () => {
  it('adds an option to each dimension it names; the mean divides by answered items of that dimension', () => {
    const test = {
      questions: [
        {
          type: 'likert' as const,
          required: true,
          options: [
            { score: 1, dimensions: ['a'] },
            { score: 5, dimensions: ['a', 'b'] },
          ],
        },
        {
          type: 'likert' as const,
          required: true,
          options: [
            { score: 2, dimensions: ['a'] },
            { score: 4, dimensions: ['a'] },
          ],
        },
        {
          type: 'likert' as const,
          required: false,
          options: [
            { score: 3, dimensions: ['b'] },
            { score: 1, dimensions: ['b'] },
          ],
        },
      ],
      scoring: scoring({
        dimensions: [
          { key: 'a', name: { en: 'A' }, aggregate: 'mean' },
          { key: 'b', name: { en: 'B' }, multiplier: 2 },
        ],
      }),
    };
    const outcome = scoreTest(test, [1, 1, null]);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.report.dimensions).toMatchObject([
      { key: 'a', raw: 9, itemCount: 2, final: 4.5 },
      { key: 'b', raw: 5, itemCount: 1, final: 10 },
    ]);
    expect(outcome.report.finalScore).toBeNull();
    expect(outcome.report.totalRaw).toBe(9);
  });

  it('computes the range of possible final scores', () => {
    const questions = [q([0, 1, 2, 3]), q([0, 1, 2, 3]), q([-1, 2], { required: false })];
    expect(dimensionRange({ questions }, scoring({ dimensions: [total([])] }).dimensions[0]!)).toEqual({
      min: -1,
      max: 8,
    });
    const zung = scoring({ dimensions: [total([], { multiplier: 1.25, rounding: 'half_up' })] })
      .dimensions[0]!;
    expect(dimensionRange({ questions: Array(20).fill(q([1, 2, 3, 4])) }, zung)).toEqual({
      min: 25,
      max: 100,
    });
  });
});

describe('publish checks', () => {
  const good = () => ({
    questions: [q([0, 1, 2]), q([0, 1, 2])],
    scoring: scoring({ dimensions: [total([band(0, 1, 'low'), band(2, 4, 'high')])] }),
  });

  it('passes a complete test', () => {
    expect(publishProblems(good())).toEqual([]);
  });

  it('needs at least one question', () => {
    expect(publishProblems({ ...good(), questions: [] })).toContainEqual({ error: 'publish.noQuestions' });
  });

  it('needs two options per question and a score on every option', () => {
    const test = good();
    test.questions = [q([0]), q([0, null, 2])];
    const problems = publishProblems(test);
    expect(problems).toContainEqual({ error: 'publish.tooFewOptions', params: { question: 1 } });
    expect(problems).toContainEqual({ error: 'publish.unscored', params: { question: 2, option: '2' } });
  });

  it('finds gaps, overlaps and uncovered ends of the bands', () => {
    const withBands = (...bands: ReturnType<typeof band>[]) =>
      publishProblems({ ...good(), scoring: scoring({ dimensions: [total(bands)] }) });
    expect(withBands(band(0, 1, 'a'), band(3, 4, 'b'))).toEqual([
      { error: 'publish.bandGap', params: { key: 'total', from: '2', to: '2' } },
    ]);
    expect(withBands(band(0, 2, 'a'), band(2, 4, 'b'))).toEqual([
      { error: 'publish.bandsOverlap', params: { key: 'total', from: '2', to: '2' } },
    ]);
    expect(withBands(band(1, 4, 'a'))).toEqual([
      { error: 'publish.lowestUncovered', params: { key: 'total', score: '0' } },
    ]);
    expect(withBands(band(0, 3, 'a'))).toEqual([
      { error: 'publish.highestUncovered', params: { key: 'total', score: '4' } },
    ]);
    // Bands may reach beyond what is possible.
    expect(withBands(band(-5, 1, 'a'), band(2, 99, 'b'))).toEqual([]);
  });

  it('checks bands at the rounding precision and refuses unbounded fractions', () => {
    const test = {
      questions: [q([1, 2]), q([1, 2])],
      scoring: scoring({
        dimensions: [
          total([band(1, 1.49, 'a'), band(1.5, 2, 'b')], {
            aggregate: 'mean',
            rounding: 'half_up',
            decimals: 2,
          }),
        ],
      }),
    };
    expect(publishProblems(test)).toEqual([]);
    test.scoring.dimensions[0]!.rounding = 'none';
    expect(publishProblems(test)).toEqual([{ error: 'publish.fractionalScores', params: { key: 'total' } }]);
  });

  it('names options that point at unknown dimensions or pole letters, and alerts past the end', () => {
    const test = good();
    test.questions[0] = {
      type: 'single',
      required: true,
      options: [{ score: 0, dimensions: ['mood'] }, { score: 1, dimensions: [], pole: 'X' } as never],
    };
    test.scoring.alerts = [
      { question: 3, operator: 'gt', score: 0, severity: 'severe', message: { zh: '', en: 'x' } },
    ];
    const problems = publishProblems(test);
    expect(problems).toContainEqual({
      error: 'publish.unknownDimension',
      params: { question: 1, option: '1', key: 'mood' },
    });
    expect(problems).toContainEqual({
      error: 'publish.unknownPole',
      params: { question: 1, option: '2', pole: 'X' },
    });
    expect(problems).toContainEqual({
      error: 'publish.alertPastEnd',
      params: { alert: 1, question: 3, questions: 2 },
    });
  });

  it('needs a text for every type a typology can produce', () => {
    const test = {
      questions: [
        {
          type: 'single' as const,
          required: true,
          options: [
            { score: 1, dimensions: [], pole: 'A' },
            { score: 1, dimensions: [], pole: 'B' },
          ],
        },
      ],
      scoring: scoring({
        typology: {
          axes: [
            {
              key: 'ab',
              left: { letter: 'A', name: { en: 'A' } },
              right: { letter: 'B', name: { en: 'B' } },
            },
          ],
          types: [{ code: 'A', description: { en: 'Type A' } }],
        },
      }),
    };
    expect(publishProblems(test)).toEqual([{ error: 'publish.typeWithoutText', params: { code: 'B' } }]);
  });
});

describe('typology', () => {
  /** One E/I axis; each question has an E option and an I option with these scores. */
  const typed = (...pairs: [number, number][]) => ({
    questions: pairs.map(([e, i]) => ({
      type: 'single' as const,
      required: true,
      options: [
        { label: 'a', score: e, dimensions: [], pole: 'E' },
        { label: 'b', score: i, dimensions: [], pole: 'I' },
      ],
    })),
    scoring: scoring({
      typology: {
        axes: [
          {
            key: 'ei',
            left: { letter: 'E', name: { en: 'E' } },
            right: { letter: 'I', name: { en: 'I' } },
          },
        ],
        types: [
          { code: 'E', description: { en: 'E' } },
          { code: 'I', description: { en: 'I' } },
        ],
      },
    }),
  });
  const axisOf = (test: ReturnType<typeof typed>, answers: number[]) => {
    const outcome = scoreTest(test, answers);
    if (!outcome.ok) throw new Error('not scored');
    const axis = outcome.report.type!.axes[0]!;
    return { letter: axis.letter, tie: axis.tie, left: axis.left, right: axis.right };
  };

  it('refuses to publish a negative score on an option that votes for a pole', () => {
    expect(publishProblems(typed([1, 1], [1, 0]))).toEqual([]);
    expect(publishProblems(typed([1, -2], [0, 1]))).toEqual([
      { error: 'publish.negativePole', params: { question: 1, option: 'b', pole: 'I' } },
    ]);
  });

  it('keeps percentages within 0 to 100 when published poles collected negative points', () => {
    // E 3 and I −2: all of the axis goes to E.
    expect(axisOf(typed([3, 0], [0, -2]), [0, 1])).toMatchObject({
      letter: 'E',
      left: { points: 3, percent: 100 },
      right: { points: 0, percent: 0 },
    });
    // Both below 0: neither collected anything, a tie, as the percentages say.
    expect(axisOf(typed([-1, 0], [0, -3]), [0, 1])).toMatchObject({
      letter: 'E',
      tie: true,
      left: { points: 0, percent: 50 },
      right: { points: 0, percent: 50 },
    });
  });
});

describe('reverse-scored toggle', () => {
  it('mirrors the scores and flips back', () => {
    const options = opts(1, 2, 3, 4, 5).map((o, i) => ({ ...o, label: String(i) }));
    const reversed = reverseScores(options);
    expect(reversed.map((o) => o.score)).toEqual([5, 4, 3, 2, 1]);
    expect(reversed.map((o) => o.label)).toEqual(['0', '1', '2', '3', '4']);
    expect(isReverseScored(reversed)).toBe(true);
    expect(isReverseScored(options)).toBe(false);
    expect(reverseScores(reversed)).toEqual(options);
  });
});

describe('the crisis text of an alert', () => {
  it('comes from the rule, and from the severity of a rule saved before rules said so', () => {
    const message = { zh: '', en: 'Alert' };
    const test = {
      questions: [q([0, 1]), q([0, 1]), q([0, 1]), q([0, 1])],
      scoring: scoring({
        alerts: [
          { question: 1, operator: 'gt', score: 0, severity: 'severe', crisis: false, message },
          { question: 2, operator: 'gt', score: 0, severity: 'mild', crisis: true, message },
          { question: 3, operator: 'gt', score: 0, severity: 'severe', message },
          { question: 4, operator: 'gt', score: 0, severity: 'moderate', message },
        ],
      }),
    };
    const outcome = scoreTest(test, [1, 1, 1, 1]);
    if (!outcome.ok) throw new Error('not scored');
    expect(outcome.report.alerts.map((alert) => [alert.question, alert.crisis])).toEqual([
      [1, false],
      [2, true],
      [3, true],
      [4, false],
    ]);
    // Staff see the rule that raised each alert: its condition is kept with it.
    expect(outcome.report.alerts[0]).toMatchObject({ operator: 'gt', score: 0 });
  });
});

describe('alerts follow their question', () => {
  it('moves with a reorder and goes with a deleted question', () => {
    const alerts = [
      { question: 1, tag: 'a' },
      { question: 3, tag: 'c' },
    ];
    expect(remapAlerts(alerts, [10, 20, 30], [30, 10, 20])).toEqual([
      { question: 2, tag: 'a' },
      { question: 1, tag: 'c' },
    ]);
    expect(remapAlerts(alerts, [10, 20, 30], [20, 30])).toEqual([{ question: 2, tag: 'c' }]);
  });
});
