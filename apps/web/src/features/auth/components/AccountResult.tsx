import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

/** The outcome of a sign-in page's step: done, or a dead end with the way forward under it. */
export function AccountResult({
  status,
  title,
  description,
  children,
}: {
  status: 'success' | 'warning';
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
  const { token } = theme.useToken();
  const Icon = status === 'success' ? CheckCircleFilled : ExclamationCircleFilled;
  return (
    <Flex vertical align="center" gap={16} style={{ textAlign: 'center' }} role="status">
      <Icon style={{ fontSize: 64, color: status === 'success' ? token.colorSuccess : token.colorWarning }} />
      <h3 style={{ fontSize: 20, margin: 0 }}>{title}</h3>
      {description && <p style={{ color: token.colorTextDescription, margin: 0 }}>{description}</p>}
      {children && (
        <Flex gap={8} wrap justify="center">
          {children}
        </Flex>
      )}
    </Flex>
  );
}
