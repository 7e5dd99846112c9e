import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

/** One key figure of a header: its name above its value (the template's "my to-dos: 8 tasks"). */
export function Figure({ label, value }: { label: ReactNode; value: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={4} style={{ flex: '1 1 140px', minWidth: 0, textAlign: 'center' }}>
      <span style={{ color: token.colorTextSecondary }}>{label}</span>
      <span
        style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: 1.3 }}
        data-figure
      >
        {value}
      </span>
    </Flex>
  );
}
