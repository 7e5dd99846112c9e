import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';

interface SectionContentProps {
  query: Pick<UseQueryResult, 'data' | 'error' | 'isError' | 'isFetching' | 'refetch'>;
  /** The section's name, for its error: several can fail on the page at once. */
  part: string;
  children: ReactNode;
}

/** A section's figures: a skeleton until they first arrive (never an empty chart), or the error and a retry. */
export function SectionContent({ query, part, children }: SectionContentProps) {
  const { t } = useTranslation();
  return (
    <QueryContent query={query} errorTitle={t('analysis.loadFailed', { part })}>
      {query.data === undefined ? <Skeleton active paragraph={{ rows: 6 }} /> : children}
    </QueryContent>
  );
}
