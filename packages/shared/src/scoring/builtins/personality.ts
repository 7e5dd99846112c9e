import type { LocalizedText } from '../../schemas/localized.ts';
import type { TypeText } from '../../schemas/scoring.ts';
import { allTypeCodes } from '../checks.ts';
import { type BuiltinScale, dimension, documentOf, question, scaledOptions, t } from './helpers.ts';

/**
 * Mini-IPIP.
 *
 * Sources:
 * - Donnellan MB, Oswald FL, Baird BM, Lucas RE. The Mini-IPIP scales: tiny-yet-effective measures of the Big
 *   Five factors of personality. Psychological Assessment. 2006;18(2):192-203. doi:10.1037/1040-3590.18.2.192
 * - Scoring key: https://ipip.ori.org/MiniIPIPKey.htm (public domain, no permission needed).
 *   20 items, 4 per factor, rated 1 (very inaccurate) to 5 (very accurate); items 6, 7, 8, 9, 10, 15, 16, 17,
 *   18, 19, 20 are reverse keyed (6 minus the answer). A factor's score is the mean of its four items (1-5).
 * - The instrument publishes no cut-offs, so the dimensions here carry no bands: the report gives each mean.
 * - The Chinese wording is our translation (no official Chinese Mini-IPIP exists).
 */

const ACCURACY = [
  t('非常不符合', 'Very inaccurate'),
  t('比较不符合', 'Moderately inaccurate'),
  t('不确定', 'Neither inaccurate nor accurate'),
  t('比较符合', 'Moderately accurate'),
  t('非常符合', 'Very accurate'),
];

export const MINI_IPIP_REVERSE_ITEMS = [6, 7, 8, 9, 10, 15, 16, 17, 18, 19, 20] as const;

/** Item stems in published order with their factor. */
const ITEMS: [LocalizedText, string][] = [
  [t('我是聚会中的活跃分子', 'Am the life of the party'), 'extraversion'],
  [t('我能体会别人的感受', "Sympathize with others' feelings"), 'agreeableness'],
  [t('我会马上把杂事做完', 'Get chores done right away'), 'conscientiousness'],
  [t('我的情绪经常起伏不定', 'Have frequent mood swings'), 'neuroticism'],
  [t('我有丰富的想象力', 'Have a vivid imagination'), 'intellect'],
  [t('我话不多', "Don't talk a lot"), 'extraversion'],
  [t('我对别人的问题不感兴趣', "Am not interested in other people's problems"), 'agreeableness'],
  [
    t('我常常忘记把东西放回原处', 'Often forget to put things back in their proper place'),
    'conscientiousness',
  ],
  [t('我大部分时间都很放松', 'Am relaxed most of the time'), 'neuroticism'],
  [t('我对抽象的概念不感兴趣', 'Am not interested in abstract ideas'), 'intellect'],
  [t('在聚会上我会和许多不同的人交谈', 'Talk to a lot of different people at parties'), 'extraversion'],
  [t('我能感受到别人的情绪', "Feel others' emotions"), 'agreeableness'],
  [t('我喜欢井然有序', 'Like order'), 'conscientiousness'],
  [t('我很容易心烦', 'Get upset easily'), 'neuroticism'],
  [t('我难以理解抽象的概念', 'Have difficulty understanding abstract ideas'), 'intellect'],
  [t('我喜欢待在不起眼的地方', 'Keep in the background'), 'extraversion'],
  [t('我对别人并不真正感兴趣', 'Am not really interested in others'), 'agreeableness'],
  [t('我常把事情弄得一团糟', 'Make a mess of things'), 'conscientiousness'],
  [t('我很少感到忧郁', 'Seldom feel blue'), 'neuroticism'],
  [t('我的想象力不好', 'Do not have a good imagination'), 'intellect'],
];

const FACTORS: [string, LocalizedText][] = [
  ['extraversion', t('外向性', 'Extraversion')],
  ['agreeableness', t('宜人性', 'Agreeableness')],
  ['conscientiousness', t('尽责性', 'Conscientiousness')],
  ['neuroticism', t('神经质', 'Neuroticism')],
  ['intellect', t('智慧/想象力', 'Intellect/Imagination')],
];

export const MINI_IPIP: BuiltinScale = {
  key: 'mini-ipip',
  categoryNames: ['Personality'],
  document: documentOf(
    {
      title: t('大五人格简版量表（Mini-IPIP）', 'Mini-IPIP Big Five personality scales'),
      subtitle: t('20 题了解你的五大人格特质', 'Your Big Five traits in 20 items'),
      introduction: t(
        'Mini-IPIP（Donnellan 等，2006）用 20 个题目测量外向性、宜人性、尽责性、神经质和智慧/想象力五个人格维度。每个维度的得分为 1-5 分的平均分，没有好坏之分。',
        'The Mini-IPIP (Donnellan et al., 2006) measures Extraversion, Agreeableness, Conscientiousness, Neuroticism and Intellect/Imagination with 20 items. Each trait is the mean of its items on a 1-5 scale; no score is good or bad.',
      ),
      instructions: t(
        '下面是描述人们行为的句子。请按照你目前通常的样子（而不是希望成为的样子），选择每句话描述你的准确程度。',
        'Below are phrases describing people’s behaviours. Choose how accurately each describes you as you generally are now, not as you wish to be.',
      ),
      priceFen: 0,
      minutes: 5,
      sortOrder: 50,
    },
    ITEMS.map(([stem, factor], i) =>
      question(
        stem,
        scaledOptions(ACCURACY, 1, MINI_IPIP_REVERSE_ITEMS.includes((i + 1) as never), [factor]),
      ),
    ),
    {
      dimensions: FACTORS.map(([key, name]) =>
        dimension({ key, name, aggregate: 'mean', rounding: 'half_up', decimals: 2 }),
      ),
    },
  ),
};

/**
 * A four-letter typology demo (not a published instrument): 8 forced-choice items, two per axis, each option
 * worth one point to its pole. Tie rule, as stated in the description: an axis whose poles collect the same
 * points takes its first letter (E, S, T, J).
 */
const AXES = [
  { key: 'energy', left: ['E', t('外向', 'Extraverted')], right: ['I', t('内向', 'Introverted')] },
  { key: 'information', left: ['S', t('实感', 'Sensing')], right: ['N', t('直觉', 'Intuitive')] },
  { key: 'decisions', left: ['T', t('思考', 'Thinking')], right: ['F', t('情感', 'Feeling')] },
  { key: 'lifestyle', left: ['J', t('判断', 'Judging')], right: ['P', t('感知', 'Perceiving')] },
] as const;

const choice = (stem: LocalizedText, a: [string, LocalizedText], b: [string, LocalizedText]) => ({
  ...question(stem, [
    { label: 'A', text: a[1], imageUrl: null, score: 1, dimensions: [], pole: a[0] },
    { label: 'B', text: b[1], imageUrl: null, score: 1, dimensions: [], pole: b[0] },
  ]),
  type: 'single' as const,
});

const LETTER_WORDS: Record<string, LocalizedText> = Object.fromEntries(
  AXES.flatMap((a) => [a.left, a.right]).map(([letter, name]) => [letter, name]),
);

const typeTexts: TypeText[] = allTypeCodes(AXES.map((a) => [a.left[0], a.right[0]] as const)).map((code) => {
  const words = [...code].map((letter) => LETTER_WORDS[letter]!);
  return {
    code,
    name: t(`${code} 型`, `Type ${code}`),
    description: t(
      `你的倾向组合是：${words.map((w) => w.zh).join('、')}。这是一个演示结果，帮助你了解类型测试的报告样式。`,
      `Your preferences combine: ${words.map((w) => w.en).join(', ')}. This is a demo result showing what a typology report looks like.`,
    ),
  };
});

export const TYPOLOGY_DEMO: BuiltinScale = {
  key: 'typology-demo',
  categoryNames: ['Personality', 'Career'],
  document: documentOf(
    {
      title: t('四维性格类型（演示）', 'Four-letter personality type (demo)'),
      subtitle: t('8 道题的类型测试示例', 'An 8-question typology example'),
      introduction: t(
        '这是一个演示用的类型测试，不是经过验证的心理量表。四个维度各有两道题，每个选项为其字母计 1 分，每个维度取得分较高的字母。平局规则：若某维度两个字母得分相同，取该维度的第一个字母（E、S、T、J）。',
        'A demo typology test, not a validated instrument. Each of the four axes has two questions; each option gives one point to its letter and each axis takes the letter with more points. Tie rule: when both letters of an axis have the same points, the axis takes its first letter (E, S, T or J).',
      ),
      instructions: t('请选择更符合你的一项。', 'Choose the option that fits you better.'),
      priceFen: 990,
      minutes: 3,
      sortOrder: 60,
    },
    [
      choice(
        t('周末你更愿意：', 'At the weekend you would rather:'),
        ['E', t('和朋友聚会', 'Meet friends')],
        ['I', t('独自看书或休息', 'Read or rest on your own')],
      ),
      choice(
        t('长时间社交之后，你通常：', 'After a long social event you usually:'),
        ['E', t('感觉更有活力', 'Feel energised')],
        ['I', t('需要独处恢复精力', 'Need time alone to recharge')],
      ),
      choice(
        t('学习新事物时，你更看重：', 'When learning something new you value:'),
        ['S', t('具体的事实和步骤', 'Concrete facts and steps')],
        ['N', t('背后的规律和可能性', 'Patterns and possibilities')],
      ),
      choice(
        t('别人说你更像：', 'People say you are more:'),
        ['S', t('脚踏实地的人', 'Down to earth')],
        ['N', t('富有想象的人', 'Imaginative')],
      ),
      choice(
        t('做决定时，你更依靠：', 'When deciding, you rely more on:'),
        ['T', t('逻辑和客观分析', 'Logic and objective analysis')],
        ['F', t('价值观和他人的感受', 'Values and how people feel')],
      ),
      choice(
        t('朋友向你倾诉烦恼时，你倾向于：', 'When a friend shares a problem you tend to:'),
        ['T', t('帮他分析解决办法', 'Help work out a solution')],
        ['F', t('先给予理解和安慰', 'Offer understanding first')],
      ),
      choice(
        t('安排旅行时，你喜欢：', 'When planning a trip you like to:'),
        ['J', t('提前订好行程', 'Fix the itinerary in advance')],
        ['P', t('随走随看', 'Decide as you go')],
      ),
      choice(
        t('面对截止日期，你通常：', 'Facing a deadline you usually:'),
        ['J', t('提早完成', 'Finish early')],
        ['P', t('在最后时刻冲刺', 'Sprint at the last minute')],
      ),
    ],
    {
      typology: {
        axes: AXES.map((axis) => ({
          key: axis.key,
          name: t('', ''),
          left: { letter: axis.left[0], name: axis.left[1] },
          right: { letter: axis.right[0], name: axis.right[1] },
          tieWinner: 'left' as const,
        })),
        types: typeTexts,
      },
    },
  ),
};
