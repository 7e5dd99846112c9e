import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Verdicts the payment log names (apps/server pay_log.verdict); any other is a failure, shown by its code. */
const GOOD = ['ok', 'applied'] as const;
const KNOWN = [...GOOD, 'duplicate'] as const;
type Known = (typeof KNOWN)[number];

const isKnown = (verdict: string): verdict is Known => (KNOWN as readonly string[]).includes(verdict);

export function VerdictTag({ verdict }: { verdict: string }) {
  const { t } = useTranslation();
  if (!isKnown(verdict)) return <Tag color="error">{verdict}</Tag>;
  const good = (GOOD as readonly string[]).includes(verdict);
  return <Tag color={good ? 'success' : 'default'}>{t(`payLog.verdict.${verdict}`)}</Tag>;
}
