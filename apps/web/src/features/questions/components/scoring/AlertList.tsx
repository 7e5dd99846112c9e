import { ALERT_OPERATORS, BAND_COLOURS, LONG_TEXT_MAX, MAX_QUESTIONS_PER_TEST } from '@cool/shared';
import { Flex, Form, Radio, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { emptyText } from '../../../../shared/i18n/contentText.ts';
import { LocalizedFields } from '../../../../shared/ui/LocalizedFields.tsx';
import {
  AddButton,
  ChoiceField,
  NumberField,
  RemoveCell,
  RowCard,
  Section,
  useScoringRules,
} from './parts.tsx';

/** Item alerts: a rule on one question's answer score, raised apart from the result. */
export function AlertList() {
  const { t } = useTranslation();
  const rules = useScoringRules();
  return (
    <Form.List name="alerts">
      {(alerts, { add, remove }) => (
        <Section title={t('questions.scoring.alerts')}>
          <Flex vertical gap={8}>
            <Typography.Text type="secondary">{t('questions.scoring.alertHint')}</Typography.Text>
            {alerts.map((alert, i) => (
              <RowCard key={alert.key} label={t('questions.scoring.alertN', { n: i + 1 })}>
                <Row gutter={12} align="bottom">
                  <NumberField
                    span={[12, 5]}
                    name={[alert.name, 'question']}
                    label={t('questions.scoring.question')}
                    rules={rules.number}
                    min={1}
                    max={MAX_QUESTIONS_PER_TEST}
                    precision={0}
                  />
                  <ChoiceField
                    span={[12, 5]}
                    name={[alert.name, 'operator']}
                    label={t('questions.scoring.operator')}
                    values={ALERT_OPERATORS}
                    text={(v) => t(`questions.scoring.operators.${v}`)}
                  />
                  <NumberField
                    span={[10, 5]}
                    name={[alert.name, 'score']}
                    label={t('questions.scoring.score')}
                    rules={rules.number}
                    min={-1000}
                    max={1000}
                  />
                  <ChoiceField
                    span={[10, 6]}
                    name={[alert.name, 'severity']}
                    label={t('questions.scoring.severity')}
                    values={BAND_COLOURS}
                    text={(v) => t(`questions.scoring.colours.${v}`)}
                  />
                  <RemoveCell
                    span={[4, 3]}
                    label={t('questions.scoring.removeAlert', { n: i + 1 })}
                    onRemove={() => remove(i)}
                  />
                </Row>
                <Form.Item name={[alert.name, 'crisis']} label={t('questions.scoring.crisis.label')}>
                  <Radio.Group
                    aria-label={t('questions.scoring.crisis.label')}
                    style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
                    options={[true, false].map((value) => {
                      const choice = value ? 'on' : 'off';
                      return {
                        value,
                        label: (
                          <>
                            <Typography.Text strong>
                              {t(`questions.scoring.crisis.${choice}`)}
                            </Typography.Text>
                            <br />
                            <Typography.Text type="secondary">
                              {t(`questions.scoring.crisis.${choice}Hint`)}
                            </Typography.Text>
                          </>
                        ),
                      };
                    })}
                  />
                </Form.Item>
                <LocalizedFields
                  name={[alert.name, 'message']}
                  fullName={['alerts', alert.name, 'message']}
                  label={t('questions.scoring.message')}
                  required
                  max={LONG_TEXT_MAX}
                  textarea
                />
              </RowCard>
            ))}
            <AddButton
              onClick={() =>
                add({
                  question: 1,
                  operator: 'gt',
                  score: 0,
                  severity: 'severe',
                  crisis: false,
                  message: emptyText(),
                })
              }
            >
              {t('questions.scoring.addAlert')}
            </AddButton>
          </Flex>
        </Section>
      )}
    </Form.List>
  );
}
