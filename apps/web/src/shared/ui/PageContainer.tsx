import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface PageContainerProps {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}

/** SPEC 2 layout 4: a page header above the page's content. */
export function PageContainer({ title, extra, children }: PageContainerProps) {
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {children}
    </Flex>
  );
}
