import { Typography } from 'antd';

/**
 * An identifier from another system (WeChat Pay's transaction id, a payer's openid): on one line, never broken
 * mid-value, with a copy button; `—` when there is none. Give it a row of its own where a column is narrower
 * than the id.
 */
export function WholeId({ value }: { value: string | null | undefined }) {
  if (!value) return '—';
  return (
    <Typography.Text copyable style={{ whiteSpace: 'nowrap' }}>
      {value}
    </Typography.Text>
  );
}
