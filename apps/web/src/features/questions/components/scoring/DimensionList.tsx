import { PlusOutlined } from '@ant-design/icons';
import { AGGREGATES, LABEL_MAX, ROUNDINGS, TOTAL_KEY } from '@cool/shared';
import { Button, Flex, Form, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocalizedFields } from '../../../../shared/ui/LocalizedFields.tsx';
import { newDimension } from '../../mapping.ts';
import { BandList } from './BandList.tsx';
import {
  AddButton,
  ChoiceField,
  EntryCard,
  NumberField,
  Section,
  TextField,
  useScoringRules,
} from './parts.tsx';

/** The dimensions with their bands; `keys` are the dimensions' current keys, shown in their titles. */
export function DimensionList({ keys }: { keys: (string | undefined)[] }) {
  const { t } = useTranslation();
  const rules = useScoringRules();
  return (
    <Form.List name="dimensions">
      {(fields, { add, remove }) => (
        <Section title={t('questions.scoring.dimensions')}>
          <Flex vertical gap={12}>
            {fields.length === 0 && (
              <Typography.Text type="secondary">{t('questions.scoring.noDimensions')}</Typography.Text>
            )}
            {fields.map((field, index) => {
              const label = t('questions.scoring.dimensionN', { n: index + 1 });
              return (
                <EntryCard
                  key={field.key}
                  label={label}
                  title={keys[index] ? `${label} · ${keys[index]}` : label}
                  removeLabel={t('questions.scoring.removeDimension', { n: index + 1 })}
                  onRemove={() => remove(index)}
                >
                  <Row gutter={12}>
                    <TextField
                      span={[12, 6]}
                      name={[field.name, 'key']}
                      label={t('questions.scoring.key')}
                      rules={rules.key}
                      tooltip={t('questions.scoring.keyHint')}
                    />
                    <ChoiceField
                      span={[12, 5]}
                      name={[field.name, 'aggregate']}
                      label={t('questions.scoring.aggregate')}
                      values={AGGREGATES}
                      text={(v) => t(`questions.scoring.aggregates.${v}`)}
                    />
                    <NumberField
                      span={[8, 4]}
                      name={[field.name, 'multiplier']}
                      label={t('questions.scoring.multiplier')}
                      rules={rules.number}
                      min={0.001}
                      max={1000}
                    />
                    <ChoiceField
                      span={[12, 5]}
                      name={[field.name, 'rounding']}
                      label={t('questions.scoring.rounding')}
                      values={ROUNDINGS}
                      text={(v) => t(`questions.scoring.roundings.${v}`)}
                    />
                    <NumberField
                      span={[12, 4]}
                      name={[field.name, 'decimals']}
                      label={t('questions.scoring.decimals')}
                      min={0}
                      max={2}
                      precision={0}
                    />
                  </Row>
                  <LocalizedFields
                    name={[field.name, 'name']}
                    fullName={['dimensions', field.name, 'name']}
                    label={t('questions.scoring.name')}
                    required
                    max={LABEL_MAX}
                  />
                  <BandList dimension={field.name} />
                </EntryCard>
              );
            })}
            <Space wrap>
              {!keys.includes(TOTAL_KEY) && (
                <Button icon={<PlusOutlined />} onClick={() => add(newDimension(TOTAL_KEY), 0)}>
                  {t('questions.scoring.addTotal')}
                </Button>
              )}
              <AddButton onClick={() => add(newDimension(''))}>
                {t('questions.scoring.addDimension')}
              </AddButton>
            </Space>
          </Flex>
        </Section>
      )}
    </Form.List>
  );
}
