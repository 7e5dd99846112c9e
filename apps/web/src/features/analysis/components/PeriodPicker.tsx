import { ANALYSIS_MAX_DAYS } from '@cool/shared';
import { DatePicker, Flex, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { customPeriod, type Period, PRESETS, presetPeriod } from '../period.ts';

interface PeriodPickerProps {
  value: Period;
  onChange: (period: Period) => void;
}

/** The template's all day / week / month / year links and a range of at most a year. */
export function PeriodPicker({ value, onChange }: PeriodPickerProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap align="center" role="group" aria-label={t('analysis.period.label')}>
      <Segmented
        value={value.preset}
        onChange={(preset) => onChange(presetPeriod(preset as (typeof PRESETS)[number]))}
        options={PRESETS.map((preset) => ({ value: preset, label: t(`analysis.period.${preset}`) }))}
      />
      <DatePicker.RangePicker
        aria-label={t('analysis.period.range')}
        allowClear={false}
        value={[dayjs(value.from), dayjs(value.to)]}
        disabledDate={(current, { from }) =>
          from !== undefined && Math.abs(current.diff(from, 'day')) >= ANALYSIS_MAX_DAYS
        }
        onChange={(range) => {
          const [from, to] = range ?? [];
          if (from && to) onChange(customPeriod(from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')));
        }}
        style={{ width: 240 }}
      />
    </Flex>
  );
}
