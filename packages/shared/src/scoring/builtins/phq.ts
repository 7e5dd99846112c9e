import { type BuiltinScale, band, dimension, documentOf, question, scaledOptions, t } from './helpers.ts';

/**
 * PHQ-9 and GAD-7, from the Patient Health Questionnaire family (Pfizer; free to use, no permission needed).
 *
 * Sources:
 * - Kroenke K, Spitzer RL, Williams JBW. The PHQ-9: validity of a brief depression severity measure.
 *   J Gen Intern Med. 2001;16(9):606-613. doi:10.1046/j.1525-1497.2001.016009606.x
 *   Items scored 0-3 (not at all / several days / more than half the days / nearly every day); total 0-27;
 *   severity 5, 10, 15, 20 = mild, moderate, moderately severe, severe. Item 9 (thoughts of death or
 *   self-harm) answered above "not at all" calls for follow-up whatever the total.
 * - Spitzer RL, Kroenke K, Williams JBW, Löwe B. A brief measure for assessing generalized anxiety disorder:
 *   the GAD-7. Arch Intern Med. 2006;166(10):1092-1097. doi:10.1001/archinte.166.10.1092
 *   Items scored 0-3; total 0-21; cut-offs 5, 10, 15 = mild, moderate, severe.
 * - English wording as on https://www.phqscreeners.com; the Chinese wording follows the widely used Simplified
 *   Chinese translation published there, transcribed for this seed: check it against the official PDF before
 *   clinical use.
 */

const FREQUENCY = [
  t('完全不会', 'Not at all'),
  t('好几天', 'Several days'),
  t('一半以上的天数', 'More than half the days'),
  t('几乎每天', 'Nearly every day'),
];

const freq = () => scaledOptions(FREQUENCY, 0, false);

export const PHQ9: BuiltinScale = {
  key: 'phq-9',
  categoryNames: ['Emotional health'],
  document: documentOf(
    {
      title: t('患者健康问卷抑郁量表（PHQ-9）', 'Patient Health Questionnaire (PHQ-9)'),
      subtitle: t('过去两周抑郁症状筛查', 'Depression screening for the last two weeks'),
      introduction: t(
        'PHQ-9 是国际通用的抑郁症状自评量表（Kroenke、Spitzer 与 Williams，2001），共 9 题，用于筛查和评估抑郁症状的严重程度。结果仅供参考，不能代替专业诊断。',
        'The PHQ-9 is a widely used 9-item self-report measure of depression severity (Kroenke, Spitzer & Williams, 2001). The result is for reference only and does not replace a professional diagnosis.',
      ),
      instructions: t(
        '在过去两周里，你有多少时间受到以下问题的困扰？',
        'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
      ),
      priceFen: 0,
      minutes: 3,
      sortOrder: 10,
    },
    [
      question(t('做事时提不起劲或没有兴趣', 'Little interest or pleasure in doing things'), freq()),
      question(t('感到心情低落、沮丧或绝望', 'Feeling down, depressed, or hopeless'), freq()),
      question(
        t('入睡困难、睡不安稳或睡眠过多', 'Trouble falling or staying asleep, or sleeping too much'),
        freq(),
      ),
      question(t('感觉疲倦或没有活力', 'Feeling tired or having little energy'), freq()),
      question(t('食欲不振或吃太多', 'Poor appetite or overeating'), freq()),
      question(
        t(
          '觉得自己很糟，或觉得自己很失败，或让自己或家人失望',
          'Feeling bad about yourself, or that you are a failure or have let yourself or your family down',
        ),
        freq(),
      ),
      question(
        t(
          '对事物专注有困难，例如阅读报纸或看电视时',
          'Trouble concentrating on things, such as reading the newspaper or watching television',
        ),
        freq(),
      ),
      question(
        t(
          '动作或说话速度缓慢到别人已经觉察？或正好相反，烦躁或坐立不安、动来动去的情况更胜于平常',
          'Moving or speaking so slowly that other people could have noticed? Or the opposite: being so fidgety or restless that you have been moving around a lot more than usual',
        ),
        freq(),
      ),
      question(
        t(
          '有不如死掉或用某种方式伤害自己的念头',
          'Thoughts that you would be better off dead or of hurting yourself in some way',
        ),
        freq(),
      ),
    ],
    {
      dimensions: [
        dimension({
          key: 'total',
          name: t('抑郁症状总分', 'Depression severity'),
          bands: [
            band(
              0,
              4,
              'minimal',
              'normal',
              t('无或极轻微', 'Minimal or none'),
              t('目前没有明显的抑郁症状。', 'No notable depressive symptoms at present.'),
            ),
            band(
              5,
              9,
              'mild',
              'mild',
              t('轻度', 'Mild'),
              t(
                '存在轻度抑郁症状，建议留意情绪变化，必要时复测。',
                'Mild depressive symptoms; watch how you feel and repeat the test if they persist.',
              ),
            ),
            band(
              10,
              14,
              'moderate',
              'moderate',
              t('中度', 'Moderate'),
              t(
                '存在中度抑郁症状，建议咨询专业人员。',
                'Moderate depressive symptoms; consider talking to a professional.',
              ),
            ),
            band(
              15,
              19,
              'moderately_severe',
              'severe',
              t('中重度', 'Moderately severe'),
              t(
                '存在中重度抑郁症状，建议尽快寻求专业评估和帮助。',
                'Moderately severe depressive symptoms; please seek a professional assessment soon.',
              ),
            ),
            band(
              20,
              27,
              'severe',
              'severe',
              t('重度', 'Severe'),
              t(
                '存在重度抑郁症状，请尽快寻求专业医疗帮助。',
                'Severe depressive symptoms; please seek professional help promptly.',
              ),
            ),
          ],
        }),
      ],
      alerts: [
        {
          question: 9,
          operator: 'gt',
          score: 0,
          severity: 'severe',
          crisis: true,
          message: t(
            '你提到最近有过不如死掉或伤害自己的念头。无论总分多少，请尽快与专业人员、信任的人联系；如有紧急危险，请立即拨打 120 或当地心理援助热线。',
            'You reported thoughts of being better off dead or of hurting yourself. Whatever your total score, please reach out to a professional or someone you trust soon; in an emergency call your local emergency number or a crisis line now.',
          ),
        },
      ],
    },
  ),
};

export const GAD7: BuiltinScale = {
  key: 'gad-7',
  categoryNames: ['Anxiety and stress'],
  document: documentOf(
    {
      title: t('广泛性焦虑量表（GAD-7）', 'Generalized Anxiety Disorder scale (GAD-7)'),
      subtitle: t('过去两周焦虑症状筛查', 'Anxiety screening for the last two weeks'),
      introduction: t(
        'GAD-7 是常用的焦虑症状自评量表（Spitzer 等，2006），共 7 题。结果仅供参考，不能代替专业诊断。',
        'The GAD-7 is a widely used 7-item self-report measure of anxiety (Spitzer et al., 2006). The result is for reference only and does not replace a professional diagnosis.',
      ),
      instructions: t(
        '在过去两周里，你有多少时间受到以下问题的困扰？',
        'Over the last 2 weeks, how often have you been bothered by the following problems?',
      ),
      priceFen: 0,
      minutes: 2,
      sortOrder: 20,
    },
    [
      question(t('感觉紧张、焦虑或急切', 'Feeling nervous, anxious, or on edge'), freq()),
      question(t('不能够停止或控制担忧', 'Not being able to stop or control worrying'), freq()),
      question(t('对各种各样的事情担忧过多', 'Worrying too much about different things'), freq()),
      question(t('很难放松下来', 'Trouble relaxing'), freq()),
      question(t('由于不安而无法静坐', 'Being so restless that it is hard to sit still'), freq()),
      question(t('变得容易烦恼或急躁', 'Becoming easily annoyed or irritable'), freq()),
      question(
        t('感到似乎将有可怕的事情发生而害怕', 'Feeling afraid, as if something awful might happen'),
        freq(),
      ),
    ],
    {
      dimensions: [
        dimension({
          key: 'total',
          name: t('焦虑症状总分', 'Anxiety severity'),
          bands: [
            band(
              0,
              4,
              'minimal',
              'normal',
              t('无或极轻微', 'Minimal'),
              t('目前没有明显的焦虑症状。', 'No notable anxiety symptoms at present.'),
            ),
            band(
              5,
              9,
              'mild',
              'mild',
              t('轻度', 'Mild'),
              t(
                '存在轻度焦虑症状，建议留意并适当放松。',
                'Mild anxiety symptoms; keep an eye on them and make room to relax.',
              ),
            ),
            band(
              10,
              14,
              'moderate',
              'moderate',
              t('中度', 'Moderate'),
              t(
                '存在中度焦虑症状，建议咨询专业人员。',
                'Moderate anxiety symptoms; consider talking to a professional.',
              ),
            ),
            band(
              15,
              21,
              'severe',
              'severe',
              t('重度', 'Severe'),
              t(
                '存在重度焦虑症状，请尽快寻求专业帮助。',
                'Severe anxiety symptoms; please seek professional help soon.',
              ),
            ),
          ],
        }),
      ],
    },
  ),
};
