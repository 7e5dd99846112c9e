import { MIN_PASSWORD_LENGTH, type PasswordLevel, passwordLevel, passwordScore } from '@cool/shared';
import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS: Record<PasswordLevel, 'success' | 'normal' | 'exception'> = {
  strong: 'success',
  medium: 'normal',
  low: 'exception',
  tooShort: 'exception',
};

/** A new password's strength: its level in words and its score as a bar (docs/spec.md sections 4 and 5). */
export function PasswordMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const level = passwordLevel(password, MIN_PASSWORD_LENGTH);
  return (
    <>
      <Typography.Text type="secondary">
        {t('ui.password.strength', { level: t(`ui.password.level.${level}`) })}
      </Typography.Text>
      <Progress
        percent={Math.min(100, passwordScore(password))}
        status={STATUS[level]}
        showInfo={false}
        size="small"
      />
    </>
  );
}
