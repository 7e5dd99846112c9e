import { BAND_COLOURS, LABEL_MAX, LONG_TEXT_MAX } from '@cool/shared';
import { Flex, Form, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { emptyText } from '../../../../shared/i18n/contentText.ts';
import { LocalizedFields } from '../../../../shared/ui/LocalizedFields.tsx';
import {
  AddButton,
  ChoiceField,
  NumberField,
  RemoveCell,
  RowCard,
  TextField,
  useScoringRules,
} from './parts.tsx';

/** The bands of the dimension at `dimension` (its index in the form's dimensions). */
export function BandList({ dimension }: { dimension: number }) {
  const { t } = useTranslation();
  const rules = useScoringRules();
  return (
    <Form.List name={[dimension, 'bands']}>
      {(bands, { add, remove }) => (
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('questions.scoring.bands')}</Typography.Text>
          {bands.map((band, b) => (
            <RowCard key={band.key} label={t('questions.scoring.bandN', { n: b + 1 })}>
              <Row gutter={12} align="bottom">
                <NumberField
                  span={[12, 4]}
                  name={[band.name, 'min']}
                  label={t('questions.scoring.min')}
                  rules={rules.number}
                />
                <NumberField
                  span={[12, 4]}
                  name={[band.name, 'max']}
                  label={t('questions.scoring.max')}
                  rules={rules.number}
                />
                <TextField
                  span={[12, 6]}
                  name={[band.name, 'level']}
                  label={t('questions.scoring.level')}
                  rules={rules.level}
                />
                <ChoiceField
                  span={[9, 7]}
                  name={[band.name, 'colour']}
                  label={t('questions.scoring.colour')}
                  values={BAND_COLOURS}
                  text={(v) => t(`questions.scoring.colours.${v}`)}
                  rules={rules.colour}
                />
                <RemoveCell
                  span={[3, 3]}
                  label={t('questions.scoring.removeBand', { n: b + 1 })}
                  onRemove={() => remove(b)}
                />
              </Row>
              <LocalizedFields
                name={[band.name, 'label']}
                fullName={['dimensions', dimension, 'bands', band.name, 'label']}
                label={t('questions.scoring.label')}
                required
                max={LABEL_MAX}
              />
              <LocalizedFields
                name={[band.name, 'interpretation']}
                label={t('questions.scoring.interpretation')}
                max={LONG_TEXT_MAX}
                textarea
              />
            </RowCard>
          ))}
          <AddButton
            onClick={() =>
              add({
                min: undefined,
                max: undefined,
                level: '',
                label: emptyText(),
                // No colour: what a level shows takers is chosen on purpose (the field requires it).
                colour: undefined,
                interpretation: emptyText(),
              })
            }
          >
            {t('questions.scoring.addBand')}
          </AddButton>
        </Flex>
      )}
    </Form.List>
  );
}
