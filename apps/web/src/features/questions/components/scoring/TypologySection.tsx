import { allTypeCodes, LABEL_MAX, LONG_TEXT_MAX } from '@cool/shared';
import { Button, Flex, Form, Row, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { emptyText } from '../../../../shared/i18n/contentText.ts';
import { LocalizedFields } from '../../../../shared/ui/LocalizedFields.tsx';
import { newAxis, type ScoringFormValues } from '../../mapping.ts';
import {
  AddButton,
  ChoiceField,
  EntryCard,
  RemoveCell,
  RowCard,
  Section,
  TextField,
  useScoringRules,
} from './parts.tsx';

type Typology = ScoringFormValues['typology'];

const SIDES = ['left', 'right'] as const;

/** The type result: its switch, the axes with their poles, and the text of each type. */
export function TypologySection({ enabled, readOnly }: { enabled: boolean; readOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <Section
      title={t('questions.scoring.typology')}
      extra={
        <Space>
          <label htmlFor="typology-enabled">{t('questions.scoring.typologyEnabled')}</label>
          <Form.Item name="typologyEnabled" valuePropName="checked" noStyle>
            <Switch id="typology-enabled" />
          </Form.Item>
        </Space>
      }
    >
      {enabled ? (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('questions.scoring.tieRule')}</Typography.Text>
          <AxisList readOnly={readOnly} />
          <TypeList />
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('questions.scoring.noTypology')}</Typography.Text>
      )}
    </Section>
  );
}

function AxisList({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const rules = useScoringRules();
  return (
    <Form.List name={['typology', 'axes']}>
      {(axes, { add, remove }) => (
        <Flex vertical gap={8}>
          {axes.map((axis, a) => (
            <EntryCard
              key={axis.key}
              label={t('questions.scoring.axisN', { n: a + 1 })}
              removeLabel={t('questions.scoring.removeAxis', { n: a + 1 })}
              removeDisabled={readOnly || axes.length <= 1}
              onRemove={() => remove(a)}
            >
              <Row gutter={12}>
                <TextField
                  span={[12, 6]}
                  name={[axis.name, 'key']}
                  label={t('questions.scoring.key')}
                  rules={rules.key}
                />
                {SIDES.map((side) => (
                  <TextField
                    key={side}
                    span={[6, 4]}
                    name={[axis.name, side, 'letter']}
                    label={t(`questions.scoring.${side}Letter`)}
                    rules={rules.letter}
                    maxLength={1}
                  />
                ))}
                <ChoiceField
                  span={[24, 10]}
                  name={[axis.name, 'tieWinner']}
                  label={t('questions.scoring.tieWinner')}
                  values={SIDES}
                  text={(side) => t(`questions.scoring.${side}`)}
                />
              </Row>
              <LocalizedFields
                name={[axis.name, 'name']}
                label={t('questions.scoring.axisName')}
                max={LABEL_MAX}
              />
              {SIDES.map((side) => (
                <LocalizedFields
                  key={side}
                  name={[axis.name, side, 'name']}
                  fullName={['typology', 'axes', axis.name, side, 'name']}
                  label={t(`questions.scoring.${side}Name`)}
                  required
                  max={LABEL_MAX}
                />
              ))}
            </EntryCard>
          ))}
          <AddButton disabled={axes.length >= 8} onClick={() => add(newAxis())}>
            {t('questions.scoring.addAxis')}
          </AddButton>
        </Flex>
      )}
    </Form.List>
  );
}

function TypeList() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ScoringFormValues>();
  const rules = useScoringRules();

  /** Adds a type text for every letter combination of the axes that has none yet. */
  const addMissingTypes = () => {
    const axes = (form.getFieldValue(['typology', 'axes']) ?? []) as Typology['axes'];
    const types = (form.getFieldValue(['typology', 'types']) ?? []) as Typology['types'];
    const letters = axes.map(
      (a) => [a?.left?.letter?.toUpperCase() ?? '', a?.right?.letter?.toUpperCase() ?? ''] as const,
    );
    if (letters.some(([l, r]) => !l || !r)) return;
    const have = new Set(types.map((type) => type?.code));
    const missing = allTypeCodes(letters).filter((code) => !have.has(code));
    form.setFieldValue(
      ['typology', 'types'],
      [...types, ...missing.map((code) => ({ code, name: emptyText(), description: emptyText() }))],
    );
  };

  return (
    <Form.List name={['typology', 'types']}>
      {(types, { remove }) => (
        <Flex vertical gap={8}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text strong>{t('questions.scoring.types')}</Typography.Text>
            <Button onClick={addMissingTypes}>{t('questions.scoring.addMissingTypes')}</Button>
          </Flex>
          {types.map((type, i) => (
            <RowCard key={type.key} label={t('questions.scoring.typeN', { n: i + 1 })}>
              <Row gutter={12} align="bottom">
                <TextField
                  span={[20, 8]}
                  name={[type.name, 'code']}
                  label={t('questions.scoring.code')}
                  rules={rules.code}
                />
                <RemoveCell
                  span={[4, 16]}
                  alignEnd
                  label={t('questions.scoring.removeType', { n: i + 1 })}
                  onRemove={() => remove(i)}
                />
              </Row>
              <LocalizedFields
                name={[type.name, 'name']}
                label={t('questions.scoring.typeName')}
                max={LABEL_MAX}
              />
              <LocalizedFields
                name={[type.name, 'description']}
                fullName={['typology', 'types', type.name, 'description']}
                label={t('questions.scoring.description')}
                required
                max={LONG_TEXT_MAX}
                textarea
              />
            </RowCard>
          ))}
        </Flex>
      )}
    </Form.List>
  );
}
