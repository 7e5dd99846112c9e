import type { LocalizedText } from '../../schemas/localized.ts';
import { type BuiltinScale, band, dimension, documentOf, question, scaledOptions, t } from './helpers.ts';

/**
 * Zung's self-rating scales.
 *
 * Sources:
 * - Zung WWK. A self-rating depression scale. Arch Gen Psychiatry. 1965;12:63-70.
 *   doi:10.1001/archpsyc.1965.01720310065008. 20 items rated 1-4 by frequency ("a little of the time" ...
 *   "most of the time"); items 2, 5, 6, 11, 12, 14, 16, 17, 18, 20 are worded positively and scored 4-1.
 * - Zung WWK. A rating instrument for anxiety disorders. Psychosomatics. 1971;12(6):371-379.
 *   doi:10.1016/S0033-3182(71)71479-0. 20 items rated 1-4; items 5, 9, 13, 17, 19 scored 4-1.
 * - Standard score = raw score x 1.25, rounded half up (the integer part after rounding), range 25-100.
 * - Chinese norms and cut-offs: 汪向东, 王希林, 马弘. 心理卫生评定量表手册（增订版）. 中国心理卫生杂志社, 1999
 *   (SDS: 标准分 < 53 正常, 53-62 轻度, 63-72 中度, >= 73 重度;
 *    SAS: 标准分 < 50 正常, 50-59 轻度, 60-69 中度, >= 70 重度).
 * - Chinese item wording follows that handbook's widely reproduced version and the English Zung's papers, both
 *   transcribed for this seed: check them against the printed sources before clinical use.
 *
 * Both scales present the four options from least to most frequent; reverse items keep that order and
 * score it 4-3-2-1.
 */

const FREQUENCY = [
  t('没有或很少时间', 'A little of the time'),
  t('小部分时间', 'Some of the time'),
  t('相当多时间', 'Good part of the time'),
  t('绝大部分或全部时间', 'Most of the time'),
];

const items = (stems: LocalizedText[], reverse: readonly number[]) =>
  stems.map((stem, i) => question(stem, scaledOptions(FREQUENCY, 1, reverse.includes(i + 1))));

export const SDS_REVERSE_ITEMS = [2, 5, 6, 11, 12, 14, 16, 17, 18, 20] as const;
export const SAS_REVERSE_ITEMS = [5, 9, 13, 17, 19] as const;

export const ZUNG_SDS: BuiltinScale = {
  key: 'zung-sds',
  categoryNames: ['Emotional health'],
  document: documentOf(
    {
      title: t('抑郁自评量表（SDS）', 'Zung Self-Rating Depression Scale (SDS)'),
      subtitle: t('Zung 抑郁自评量表，中国常模', 'Zung SDS with Chinese norms'),
      introduction: t(
        'SDS 由 Zung 于 1965 年编制，共 20 题，广泛用于评估抑郁症状的轻重。标准分按中国常模解释。结果仅供参考，不能代替专业诊断。',
        'The SDS (Zung, 1965) has 20 items and is widely used to rate the severity of depressive symptoms. The standard score is read against Chinese norms. The result is for reference only and does not replace a professional diagnosis.',
      ),
      instructions: t(
        '请仔细阅读每一条，根据你最近一周的实际感觉，选择最符合的一项。',
        'Read each statement and choose how often it has applied to you during the past week.',
      ),
      priceFen: 0,
      minutes: 5,
      sortOrder: 30,
    },
    items(
      [
        t('我觉得闷闷不乐，情绪低沉', 'I feel down-hearted and blue'),
        t('我觉得一天之中早晨最好', 'Morning is when I feel the best'),
        t('我一阵阵哭出来或觉得想哭', 'I have crying spells or feel like it'),
        t('我晚上睡眠不好', 'I have trouble sleeping at night'),
        t('我吃得跟平常一样多', 'I eat as much as I used to'),
        t('我与异性密切接触时和以往一样感到愉快', 'I still enjoy sex'),
        t('我发觉我的体重在下降', 'I notice that I am losing weight'),
        t('我有便秘的苦恼', 'I have trouble with constipation'),
        t('我心跳比平时快', 'My heart beats faster than usual'),
        t('我无缘无故地感到疲乏', 'I get tired for no reason'),
        t('我的头脑跟平常一样清楚', 'My mind is as clear as it used to be'),
        t('我觉得经常做的事情并没有困难', 'I find it easy to do the things I used to'),
        t('我觉得不安而平静不下来', "I am restless and can't keep still"),
        t('我对将来抱有希望', 'I feel hopeful about the future'),
        t('我比平常容易生气激动', 'I am more irritable than usual'),
        t('我觉得作出决定是容易的', 'I find it easy to make decisions'),
        t('我觉得自己是个有用的人，有人需要我', 'I feel that I am useful and needed'),
        t('我的生活过得很有意思', 'My life is pretty full'),
        t('我认为如果我死了别人会生活得好些', 'I feel that others would be better off if I were dead'),
        t('平常感兴趣的事我仍然照样感兴趣', 'I still enjoy the things I used to do'),
      ],
      SDS_REVERSE_ITEMS,
    ),
    {
      dimensions: [
        dimension({
          key: 'total',
          name: t('抑郁标准分', 'Depression standard score'),
          multiplier: 1.25,
          rounding: 'half_up',
          bands: [
            band(
              25,
              52,
              'normal',
              'normal',
              t('正常', 'Normal'),
              t(
                '标准分低于 53，无明显抑郁症状。',
                'Standard score below 53: no notable depressive symptoms.',
              ),
            ),
            band(
              53,
              62,
              'mild',
              'mild',
              t('轻度抑郁', 'Mild depression'),
              t('标准分 53-62，提示轻度抑郁。', 'Standard score 53-62: mild depression.'),
            ),
            band(
              63,
              72,
              'moderate',
              'moderate',
              t('中度抑郁', 'Moderate depression'),
              t(
                '标准分 63-72，提示中度抑郁，建议咨询专业人员。',
                'Standard score 63-72: moderate depression; consider talking to a professional.',
              ),
            ),
            band(
              73,
              100,
              'severe',
              'severe',
              t('重度抑郁', 'Severe depression'),
              t(
                '标准分 73 及以上，提示重度抑郁，请尽快寻求专业帮助。',
                'Standard score 73 or above: severe depression; please seek professional help soon.',
              ),
            ),
          ],
        }),
      ],
      // Not part of Zung's scoring: item 19 asks about death wishes, so any answer above "a little of the
      // time" is flagged for follow-up, as for PHQ-9 item 9.
      alerts: [
        {
          question: 19,
          operator: 'gt',
          score: 1,
          severity: 'severe',
          crisis: true,
          message: t(
            '你提到有“如果我死了别人会生活得好些”的想法。请尽快与专业人员或信任的人联系；如有紧急危险，请立即拨打 120 或当地心理援助热线。',
            'You reported feeling that others would be better off if you were dead. Please reach out to a professional or someone you trust soon; in an emergency call your local emergency number or a crisis line now.',
          ),
        },
      ],
    },
  ),
};

export const ZUNG_SAS: BuiltinScale = {
  key: 'zung-sas',
  categoryNames: ['Anxiety and stress'],
  document: documentOf(
    {
      title: t('焦虑自评量表（SAS）', 'Zung Self-Rating Anxiety Scale (SAS)'),
      subtitle: t('Zung 焦虑自评量表，中国常模', 'Zung SAS with Chinese norms'),
      introduction: t(
        'SAS 由 Zung 于 1971 年编制，共 20 题，用于评估焦虑症状的轻重。标准分按中国常模解释。结果仅供参考，不能代替专业诊断。',
        'The SAS (Zung, 1971) has 20 items and rates the severity of anxiety symptoms. The standard score is read against Chinese norms. The result is for reference only and does not replace a professional diagnosis.',
      ),
      instructions: t(
        '请仔细阅读每一条，根据你最近一周的实际感觉，选择最符合的一项。',
        'Read each statement and choose how often it has applied to you during the past week.',
      ),
      priceFen: 0,
      minutes: 5,
      sortOrder: 40,
    },
    items(
      [
        t('我觉得比平常容易紧张和着急', 'I feel more nervous and anxious than usual'),
        t('我无缘无故地感到害怕', 'I feel afraid for no reason at all'),
        t('我容易心里烦乱或觉得惊恐', 'I get upset easily or feel panicky'),
        t('我觉得我可能将要发疯', "I feel like I'm falling apart and going to pieces"),
        t(
          '我觉得一切都很好，也不会发生什么不幸',
          'I feel that everything is all right and nothing bad will happen',
        ),
        t('我手脚发抖打颤', 'My arms and legs shake and tremble'),
        t('我因为头痛、颈痛和背痛而苦恼', 'I am bothered by headaches, neck and back pains'),
        t('我感觉容易衰弱和疲乏', 'I feel weak and get tired easily'),
        t('我觉得心平气和，并且容易安静坐着', 'I feel calm and can sit still easily'),
        t('我觉得心跳得很快', 'I can feel my heart beating fast'),
        t('我因为一阵阵头晕而苦恼', 'I am bothered by dizzy spells'),
        t('我有晕倒发作或觉得要晕倒似的', 'I have fainting spells or feel like it'),
        t('我呼气吸气都感到很容易', 'I can breathe in and out easily'),
        t('我手脚麻木和刺痛', 'I get feelings of numbness and tingling in my fingers and toes'),
        t('我因为胃痛和消化不良而苦恼', 'I am bothered by stomach aches or indigestion'),
        t('我常常要小便', 'I have to empty my bladder often'),
        t('我的手常常是干燥温暖的', 'My hands are usually dry and warm'),
        t('我脸红发热', 'My face gets hot and blushes'),
        t('我容易入睡并且一夜睡得很好', "I fall asleep easily and get a good night's rest"),
        t('我做恶梦', 'I have nightmares'),
      ],
      SAS_REVERSE_ITEMS,
    ),
    {
      dimensions: [
        dimension({
          key: 'total',
          name: t('焦虑标准分', 'Anxiety standard score'),
          multiplier: 1.25,
          rounding: 'half_up',
          bands: [
            band(
              25,
              49,
              'normal',
              'normal',
              t('正常', 'Normal'),
              t('标准分低于 50，无明显焦虑症状。', 'Standard score below 50: no notable anxiety symptoms.'),
            ),
            band(
              50,
              59,
              'mild',
              'mild',
              t('轻度焦虑', 'Mild anxiety'),
              t('标准分 50-59，提示轻度焦虑。', 'Standard score 50-59: mild anxiety.'),
            ),
            band(
              60,
              69,
              'moderate',
              'moderate',
              t('中度焦虑', 'Moderate anxiety'),
              t(
                '标准分 60-69，提示中度焦虑，建议咨询专业人员。',
                'Standard score 60-69: moderate anxiety; consider talking to a professional.',
              ),
            ),
            band(
              70,
              100,
              'severe',
              'severe',
              t('重度焦虑', 'Severe anxiety'),
              t(
                '标准分 70 及以上，提示重度焦虑，请尽快寻求专业帮助。',
                'Standard score 70 or above: severe anxiety; please seek professional help soon.',
              ),
            ),
          ],
        }),
      ],
    },
  ),
};
