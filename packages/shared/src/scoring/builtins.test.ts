import { describe, expect, it } from 'vitest';
import type { Answer } from '../schemas/report.ts';
import { testDocumentSchema } from '../schemas/testDocument.ts';
import {
  BUILTIN_SCALES,
  type BuiltinScale,
  GAD7,
  MINI_IPIP,
  MINI_IPIP_REVERSE_ITEMS,
  PHQ9,
  SAS_REVERSE_ITEMS,
  SDS_REVERSE_ITEMS,
  TYPOLOGY_DEMO,
  ZUNG_SAS,
  ZUNG_SDS,
} from './builtins/index.ts';
import { publishProblems } from './checks.ts';
import { scoreTest } from './engine.ts';

const report = (scale: BuiltinScale, answers: Answer[]) => {
  const outcome = scoreTest(scale.document, answers);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.report;
};

/** The option index of each question that gives its lowest (or highest) score. */
const extreme = (scale: BuiltinScale, pick: 'min' | 'max'): number[] =>
  scale.document.questions.map((q) => {
    const scores = q.options.map((o) => o.score!);
    const target = pick === 'min' ? Math.min(...scores) : Math.max(...scores);
    return scores.indexOf(target);
  });

/** Answers whose raw total is exactly `raw`: start from all-minimum and raise items one step at a time. */
const answersForRaw = (scale: BuiltinScale, raw: number): number[] => {
  const answers = extreme(scale, 'min');
  const scoreOf = (i: number, index: number) => scale.document.questions[i]!.options[index]!.score!;
  let total = answers.reduce((acc, index, i) => acc + scoreOf(i, index), 0);
  for (let i = 0; i < answers.length && total < raw; i++) {
    const options = scale.document.questions[i]!.options;
    while (total < raw) {
      const current = scoreOf(i, answers[i]!);
      const next = options.findIndex((o) => o.score === current + 1);
      if (next < 0) break;
      answers[i] = next;
      total++;
    }
  }
  expect(total).toBe(raw);
  return answers;
};

describe('every built-in scale', () => {
  it('is a valid whole-test document that passes the publish checks', () => {
    expect(BUILTIN_SCALES.map((s) => s.key)).toEqual([
      'phq-9',
      'gad-7',
      'zung-sds',
      'zung-sas',
      'mini-ipip',
      'typology-demo',
    ]);
    for (const scale of BUILTIN_SCALES) {
      expect(testDocumentSchema.safeParse(scale.document).success, scale.key).toBe(true);
      expect(publishProblems(scale.document), scale.key).toEqual([]);
      for (const q of scale.document.questions) {
        expect(q.stem.zh, scale.key).not.toBe('');
        expect(q.stem.en, scale.key).not.toBe('');
      }
    }
  });
});

describe('PHQ-9 (Kroenke, Spitzer & Williams 2001)', () => {
  it('has 9 items with options from "not at all" (0) to "nearly every day" (3)', () => {
    expect(PHQ9.document.questions).toHaveLength(9);
    for (const q of PHQ9.document.questions) expect(q.options.map((o) => o.score)).toEqual([0, 1, 2, 3]);
    expect(PHQ9.document.questions[0]!.options[0]!.text.en).toBe('Not at all');
  });

  it('scores all-minimum as 0 minimal and all-maximum as 27 severe with the item-9 alert', () => {
    const low = report(PHQ9, Array(9).fill(0));
    expect(low).toMatchObject({ totalRaw: 0, finalScore: 0, alerts: [] });
    expect(low.band?.level).toBe('minimal');
    const high = report(PHQ9, Array(9).fill(3));
    expect(high).toMatchObject({ totalRaw: 27, finalScore: 27 });
    expect(high.band?.level).toBe('severe');
    expect(high.alerts).toHaveLength(1);
  });

  it.each([
    [4, 'minimal'],
    [5, 'mild'],
    [9, 'mild'],
    [10, 'moderate'],
    [14, 'moderate'],
    [15, 'moderately_severe'],
    [19, 'moderately_severe'],
    [20, 'severe'],
  ])('puts a total of %i in band %s', (total, level) => {
    const r = report(PHQ9, answersForRaw(PHQ9, total));
    expect(r.finalScore).toBe(total);
    expect(r.band?.level).toBe(level);
  });

  it('raises the item-9 alert whenever item 9 is above "not at all", whatever the total', () => {
    const answers = [0, 0, 0, 0, 0, 0, 0, 0, 1];
    const r = report(PHQ9, answers);
    expect(r.finalScore).toBe(1);
    expect(r.band?.level).toBe('minimal');
    expect(r.alerts).toEqual([
      {
        question: 9,
        severity: 'severe',
        crisis: true,
        operator: 'gt',
        score: 0,
        message: expect.any(Object),
      },
    ]);
    expect(r.alerts[0]!.message.zh).toContain('伤害自己');
    // Item 8 at its maximum raises nothing.
    expect(report(PHQ9, [0, 0, 0, 0, 0, 0, 0, 3, 0]).alerts).toEqual([]);
  });
});

describe('GAD-7 (Spitzer et al. 2006)', () => {
  it('scores 0 and 21 at the extremes', () => {
    expect(report(GAD7, Array(7).fill(0)).band?.level).toBe('minimal');
    const high = report(GAD7, Array(7).fill(3));
    expect(high.finalScore).toBe(21);
    expect(high.band?.level).toBe('severe');
  });

  it.each([
    [4, 'minimal'],
    [5, 'mild'],
    [9, 'mild'],
    [10, 'moderate'],
    [14, 'moderate'],
    [15, 'severe'],
  ])('puts a total of %i in band %s', (total, level) => {
    expect(report(GAD7, answersForRaw(GAD7, total)).band?.level).toBe(level);
  });
});

describe('Zung SDS (1965), Chinese norms', () => {
  it('scores items 1-4 from least to most frequent, reversed on the published items', () => {
    SDS_REVERSE_ITEMS.forEach((n) => {
      expect(ZUNG_SDS.document.questions[n - 1]!.options.map((o) => o.score)).toEqual([4, 3, 2, 1]);
    });
    const forward = ZUNG_SDS.document.questions.filter(
      (_, i) => !(SDS_REVERSE_ITEMS as readonly number[]).includes(i + 1),
    );
    expect(forward).toHaveLength(10);
    for (const q of forward) expect(q.options.map((o) => o.score)).toEqual([1, 2, 3, 4]);
    expect(ZUNG_SDS.document.questions[0]!.options[0]!.text.zh).toBe('没有或很少时间');
  });

  it('answering the first option everywhere counts reverse items as 4 (raw 50 -> standard 63)', () => {
    const r = report(ZUNG_SDS, Array(20).fill(0));
    expect(r.totalRaw).toBe(50);
    expect(r.finalScore).toBe(63);
    expect(r.band?.level).toBe('moderate');
  });

  it('gives standard scores 25 and 100 at the extremes', () => {
    const low = report(ZUNG_SDS, extreme(ZUNG_SDS, 'min'));
    expect(low).toMatchObject({ totalRaw: 20, finalScore: 25 });
    expect(low.band?.level).toBe('normal');
    const high = report(ZUNG_SDS, extreme(ZUNG_SDS, 'max'));
    expect(high).toMatchObject({ totalRaw: 80, finalScore: 100 });
    expect(high.band?.level).toBe('severe');
  });

  it.each([
    // raw, standard (raw x 1.25 rounded half up), band
    [41, 51, 'normal'],
    [42, 53, 'mild'],
    [49, 61, 'mild'],
    [50, 63, 'moderate'],
    [57, 71, 'moderate'],
    [58, 73, 'severe'],
  ])('maps raw %i to standard %i (%s)', (raw, standard, level) => {
    const r = report(ZUNG_SDS, answersForRaw(ZUNG_SDS, raw));
    expect(r.finalScore).toBe(standard);
    expect(r.band?.level).toBe(level);
  });
});

describe('Zung SAS (1971), Chinese norms', () => {
  it('reverses items 5, 9, 13, 17 and 19 only', () => {
    ZUNG_SAS.document.questions.forEach((q, i) => {
      const reversed = (SAS_REVERSE_ITEMS as readonly number[]).includes(i + 1);
      expect(
        q.options.map((o) => o.score),
        `item ${i + 1}`,
      ).toEqual(reversed ? [4, 3, 2, 1] : [1, 2, 3, 4]);
    });
  });

  it.each([
    [20, 25, 'normal'],
    [39, 49, 'normal'],
    [40, 50, 'mild'],
    [47, 59, 'mild'],
    [48, 60, 'moderate'],
    [55, 69, 'moderate'],
    [56, 70, 'severe'],
    [80, 100, 'severe'],
  ])('maps raw %i to standard %i (%s)', (raw, standard, level) => {
    const r = report(ZUNG_SAS, answersForRaw(ZUNG_SAS, raw));
    expect(r.finalScore).toBe(standard);
    expect(r.band?.level).toBe(level);
  });
});

describe('Mini-IPIP (Donnellan et al. 2006)', () => {
  const mean = (r: ReturnType<typeof report>, key: string) => r.dimensions.find((d) => d.key === key)!.final;

  it('scores each factor as the mean of its four items, with the published reverse items', () => {
    MINI_IPIP.document.questions.forEach((q, i) => {
      const reversed = (MINI_IPIP_REVERSE_ITEMS as readonly number[]).includes(i + 1);
      expect(q.options.map((o) => o.score)).toEqual(reversed ? [5, 4, 3, 2, 1] : [1, 2, 3, 4, 5]);
    });
    // Everything "very inaccurate": E, A, C, N have two reversed items each -> (1+5+1+5)/4 = 3;
    // Intellect has three reversed items (10, 15, 20) -> (1+5+5+5)/4 = 4.
    const r = report(MINI_IPIP, Array(20).fill(0));
    expect(r.dimensions.map((d) => [d.key, d.final, d.itemCount])).toEqual([
      ['extraversion', 3, 4],
      ['agreeableness', 3, 4],
      ['conscientiousness', 3, 4],
      ['neuroticism', 3, 4],
      ['intellect', 4, 4],
    ]);
    expect(r.dimensions.every((d) => d.band === null)).toBe(true);
  });

  it('reaches 1 and 5 on every factor at the extremes, and means in quarters in between', () => {
    const low = report(MINI_IPIP, extreme(MINI_IPIP, 'min'));
    expect(low.dimensions.map((d) => d.final)).toEqual([1, 1, 1, 1, 1]);
    const high = report(MINI_IPIP, extreme(MINI_IPIP, 'max'));
    expect(high.dimensions.map((d) => d.final)).toEqual([5, 5, 5, 5, 5]);
    // Extraversion: items 1 and 11 "very accurate" (5, 5), items 6 and 16 "moderately accurate" (reversed: 2, 2).
    const answers = extreme(MINI_IPIP, 'min');
    answers[0] = 4;
    answers[10] = 4;
    answers[5] = 3;
    answers[15] = 3;
    expect(mean(report(MINI_IPIP, answers), 'extraversion')).toBe(3.5);
  });
});

describe('typology demo', () => {
  it('states its tie rule in the description', () => {
    expect(TYPOLOGY_DEMO.document.test.introduction.en).toMatch(/Tie rule/);
    expect(TYPOLOGY_DEMO.document.test.introduction.zh).toContain('平局规则');
  });

  it('gives ESTJ for all first options and INFP for all second options, with 100/0 percentages', () => {
    const a = report(TYPOLOGY_DEMO, Array(8).fill(0)).type!;
    expect(a.code).toBe('ESTJ');
    expect(a.axes.map((x) => [x.left.percent, x.right.percent, x.tie])).toEqual(
      Array(4).fill([100, 0, false]),
    );
    expect(a.description.en).toContain('Extraverted');
    const b = report(TYPOLOGY_DEMO, Array(8).fill(1)).type!;
    expect(b.code).toBe('INFP');
    expect(b.axes.map((x) => x.right.percent)).toEqual([100, 100, 100, 100]);
  });

  it('breaks a tie towards the first letter of the axis, showing 50/50', () => {
    // Energy: E then I (tie); information: N, N; decisions: F then T (tie); lifestyle: P, P.
    const type = report(TYPOLOGY_DEMO, [0, 1, 1, 1, 1, 0, 1, 1]).type!;
    expect(type.code).toBe('ENTP');
    expect(type.axes.map((x) => x.tie)).toEqual([true, false, true, false]);
    expect(type.axes[0]).toMatchObject({ letter: 'E', left: { percent: 50 }, right: { percent: 50 } });
  });
});
