import type { LocalizedText, Question, QuestionType } from '@cool/shared';
import type { TextLanguage } from '../../shared/i18n/contentText.ts';
import { newOption, type OptionFormValues, toQuestionFormValues } from './mapping.ts';

/**
 * Answer scales a question's options can start from. Their texts are content, not console strings: they go into
 * the test in the languages it is written in, whatever the console's language.
 */

export const ANSWER_SCALES = ['frequency', 'likert5', 'yesNo'] as const;
export type AnswerScale = (typeof ANSWER_SCALES)[number];

const SCALES: Record<AnswerScale, { type: QuestionType; options: { text: LocalizedText; score: number }[] }> =
  {
    // The PHQ-9 / GAD-7 frequency scale: over the last two weeks.
    frequency: {
      type: 'single',
      options: [
        { text: { zh: '完全不会', en: 'Not at all' }, score: 0 },
        { text: { zh: '好几天', en: 'Several days' }, score: 1 },
        { text: { zh: '一半以上的天数', en: 'More than half the days' }, score: 2 },
        { text: { zh: '几乎每天', en: 'Nearly every day' }, score: 3 },
      ],
    },
    likert5: {
      type: 'likert',
      options: [
        { text: { zh: '非常不同意', en: 'Strongly disagree' }, score: 1 },
        { text: { zh: '不同意', en: 'Disagree' }, score: 2 },
        { text: { zh: '不确定', en: 'Neither agree nor disagree' }, score: 3 },
        { text: { zh: '同意', en: 'Agree' }, score: 4 },
        { text: { zh: '非常同意', en: 'Strongly agree' }, score: 5 },
      ],
    },
    yesNo: {
      type: 'single',
      options: [
        { text: { zh: '是', en: 'Yes' }, score: 1 },
        { text: { zh: '否', en: 'No' }, score: 0 },
      ],
    },
  };

/** The languages a test is written in: those its title has (both when it has both). */
export function testLanguages(title: LocalizedText): TextLanguage[] {
  const written = (['zh', 'en'] as const).filter((language) => title[language].trim() !== '');
  return written.length > 0 ? written : ['zh', 'en'];
}

/** What a question starts from: a preset scale, or the options of the question before it. */
export type OptionSource = { scale: AnswerScale } | { previous: Question };

/** The type and options `source` gives a question of a test written in `languages`. */
export function optionsFrom(
  source: OptionSource,
  languages: TextLanguage[],
): { type: QuestionType; options: OptionFormValues[] } {
  if ('previous' in source) {
    const { type, options } = toQuestionFormValues(source.previous);
    return { type, options };
  }
  const scale = SCALES[source.scale];
  return {
    type: scale.type,
    options: scale.options.map(({ text, score }, index) => ({
      ...newOption(index, scale.type),
      text: { zh: languages.includes('zh') ? text.zh : '', en: languages.includes('en') ? text.en : '' },
      score,
    })),
  };
}
