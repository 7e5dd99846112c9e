import { emptyScoring, type Question, reverseScores, scoringSchema } from '@cool/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { liveProblems } from './components/ScoringEditor.tsx';
import {
  moveItem,
  newDimension,
  newOption,
  toQuestionFormValues,
  toQuestionInput,
  toScoringFormValues,
  toScoringInput,
} from './mapping.ts';
import { testIdOf } from './QuestionPage.tsx';

/** Keys as text: enough to see which problem each line names. */
const t = ((key: string) => key) as unknown as TFunction;

const question: Question = {
  id: 3,
  testId: 1,
  position: 2,
  stem: { zh: '我睡得好', en: 'I sleep well' },
  imageUrl: null,
  type: 'likert',
  required: true,
  options: [1, 2, 3, 4].map((score, i) => ({
    label: String(i + 1),
    text: { zh: `选项${i}`, en: `Option ${i}` },
    imageUrl: null,
    score,
    dimensions: ['sleep'],
    pole: null,
  })),
  createTime: '',
  updateTime: '',
};

describe('question form mapping', () => {
  it('round-trips a question', () => {
    const input = toQuestionInput(toQuestionFormValues(question));
    expect(input).toEqual({
      stem: question.stem,
      imageUrl: null,
      type: 'likert',
      required: true,
      options: question.options,
    });
  });

  it('starts a new question as single choice with options A and B', () => {
    const values = toQuestionFormValues(null);
    expect(values.type).toBe('single');
    expect(values.options.map((o) => o.label)).toEqual(['A', 'B']);
    expect(values.options.every((o) => o.score === null)).toBe(true);
  });

  it('labels and scores new Likert options 1.. / 0..', () => {
    expect(newOption(2, 'likert')).toMatchObject({ label: '3', score: 2 });
    expect(newOption(2, 'multiple')).toMatchObject({ label: 'C', score: null });
  });

  it('cleans option input: blank score and pole become null, total is never listed, poles upper-cased', () => {
    const values = toQuestionFormValues(question);
    values.options[0] = {
      ...values.options[0]!,
      score: undefined as never,
      pole: ' e ',
      dimensions: ['total', 'sleep'],
      imageUrl: '',
      text: { zh: ' 是 ', en: '' },
    };
    const [first] = toQuestionInput(values).options ?? [];
    expect(first).toMatchObject({
      score: null,
      pole: 'E',
      dimensions: ['sleep'],
      imageUrl: null,
      text: { zh: '是', en: '' },
    });
  });

  it('reverse scoring flips the form options and back', () => {
    const options = toQuestionFormValues(question).options;
    const flipped = reverseScores(options);
    expect(flipped.map((o) => o.score)).toEqual([4, 3, 2, 1]);
    expect(flipped.map((o) => o.label)).toEqual(['1', '2', '3', '4']);
    expect(reverseScores(flipped)).toEqual(options);
  });
});

describe('moveItem', () => {
  it.each([
    [0, 2, ['b', 'c', 'a', 'd']],
    [3, 0, ['d', 'a', 'b', 'c']],
    [1, 1, ['a', 'b', 'c', 'd']],
    [0, 9, ['a', 'b', 'c', 'd']],
  ])('%i -> %i', (from, to, expected) => expect(moveItem(['a', 'b', 'c', 'd'], from, to)).toEqual(expected));
});

describe('scoring form mapping', () => {
  it('round-trips a scoring definition through the form', () => {
    const scoring = scoringSchema.parse({
      dimensions: [
        {
          key: 'total',
          name: { zh: '总分', en: 'Total' },
          multiplier: 1.25,
          rounding: 'half_up',
          bands: [
            { min: 0, max: 4, level: 'none', label: { en: 'None' }, colour: 'normal' },
            { min: 5, max: 27, level: 'some', label: { en: 'Some' }, colour: 'severe' },
          ],
        },
      ],
      typology: {
        axes: [
          {
            key: 'ei',
            left: { letter: 'E', name: { en: 'Extravert' } },
            right: { letter: 'I', name: { en: 'Introvert' } },
          },
        ],
        types: [{ code: 'E', description: { en: 'Outgoing' } }],
      },
      alerts: [{ question: 9, operator: 'gt', score: 0, message: { en: 'Item 9' } }],
    });
    const values = toScoringFormValues(scoring);
    expect(values.typologyEnabled).toBe(true);
    // A rule saved before rules said whether they show the crisis text comes back saying it, as it was read
    // (a severe rule shows it).
    const [rule] = scoring.alerts;
    expect(scoringSchema.parse(toScoringInput(values))).toEqual({
      ...scoring,
      alerts: [{ ...rule, crisis: true }],
    });
    const quiet = { ...scoring, alerts: [{ ...rule!, crisis: false }] };
    expect(scoringSchema.parse(toScoringInput(toScoringFormValues(quiet)))).toEqual(quiet);
  });

  it('keeps the typology off (null) while disabled, with one blank axis ready in the form', () => {
    const values = toScoringFormValues(emptyScoring());
    expect(values.typologyEnabled).toBe(false);
    expect(values.typology.axes).toHaveLength(1);
    expect(toScoringInput(values).typology).toBeNull();
  });

  it('reports form problems first, then the publish checks', () => {
    const bad = toScoringFormValues(emptyScoring());
    bad.dimensions.push(newDimension('Bad Key'));
    const invalid = liveProblems(bad, [question], t);
    expect(invalid.invalid).toBe(true);
    expect(invalid.problems[0]).toMatch(/^dimensions\.0\.key/);

    const good = toScoringFormValues(emptyScoring());
    const band = {
      level: 'a',
      label: { zh: '', en: 'A' },
      colour: 'normal' as const,
      interpretation: { zh: '', en: '' },
    };
    good.dimensions.push(
      { ...newDimension('total'), bands: [{ ...band, min: 1, max: 3 }] },
      newDimension('sleep'),
    );
    good.dimensions[1]!.name = { zh: '睡眠', en: 'Sleep' };
    const checked = liveProblems(good, [question], t);
    expect(checked.invalid).toBe(false);
    // Translated by code (this `t` answers with the key).
    expect(checked.problems).toEqual(['serverError.publish.highestUncovered']);
    good.dimensions[0]!.bands[0]!.max = 4;
    expect(liveProblems(good, [question], t).problems).toEqual([]);
  });
});

describe('testIdOf', () => {
  it.each([
    ['12', 12],
    ['0', null],
    ['-1', null],
    ['abc', null],
    [null, null],
    ['1.5', null],
  ])('%s -> %s', (value, id) => expect(testIdOf(value)).toBe(id));
});
