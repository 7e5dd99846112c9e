import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** `current` against `previous` in percent, one decimal; null when there was nothing before to compare. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

interface ChangeProps {
  current: number;
  previous: number;
  /** A label before the figure: 'DoD', 'WoW'. */
  label?: string;
}

/**
 * A change as the template shows it: an up arrow in red, a down arrow in green (China's market colours),
 * 'New' when there was nothing before, '—' when there is nothing either way.
 */
export function Change({ current, previous, label }: ChangeProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const percent = changePercent(current, previous);
  let figure = <span>—</span>;
  if (percent === null && current > 0) figure = <span>{t('analysis.new')}</span>;
  if (percent !== null) {
    const up = percent >= 0;
    figure = (
      <span style={{ whiteSpace: 'nowrap' }}>
        {Math.abs(percent)}%{' '}
        {up ? (
          <CaretUpOutlined aria-label={t('analysis.up')} style={{ color: token.colorError }} />
        ) : (
          <CaretDownOutlined aria-label={t('analysis.down')} style={{ color: token.colorSuccess }} />
        )}
      </span>
    );
  }
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {label && <span style={{ marginRight: 6 }}>{label}</span>}
      {figure}
    </span>
  );
}
