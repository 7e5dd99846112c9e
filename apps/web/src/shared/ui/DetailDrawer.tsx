import type { UseQueryResult } from '@tanstack/react-query';
import { Drawer, Flex, Grid, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryContent } from './QueryErrorState.tsx';

interface DetailDrawerProps<T> {
  title: ReactNode;
  /** Width on a computer; a phone gets the whole screen. */
  width: number;
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError' | 'isFetching' | 'refetch'>;
  /** What could not be loaded. */
  errorTitle: string;
  onClose: () => void;
  /** The loaded item's sections. */
  children: (data: T) => ReactNode;
}

/** One item's drawer: the whole screen on a phone, a spinner while it loads, its error state, then its sections. */
export function DetailDrawer<T>({
  title,
  width,
  query,
  errorTitle,
  onClose,
  children,
}: DetailDrawerProps<T>) {
  const { t } = useTranslation();
  const isMobile = Grid.useBreakpoint().md === false;
  return (
    <Drawer open title={title} size={isMobile ? '100%' : width} onClose={onClose} destroyOnHidden>
      <QueryContent query={query} errorTitle={errorTitle}>
        {query.data === undefined ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin description={t('common.loading')} />
          </Flex>
        ) : (
          <Flex vertical gap={16}>
            {children(query.data)}
          </Flex>
        )}
      </QueryContent>
    </Drawer>
  );
}
