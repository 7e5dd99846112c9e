import type { Page } from '@cool/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../shared/ui/PageLoading.tsx';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';

interface ListResultsProps<T> {
  query: UseQueryResult<Page<T>>;
  /** Drawn even with no items, above "nothing found" (the card list's "new test" card). */
  alwaysDrawn?: boolean;
  children: (items: T[]) => ReactNode;
}

/**
 * A list page's or search tab's items: the loading state on the first page (and each tab's, as it opens), which
 * has nothing to spin over yet; the error with a retry; "nothing found"; or the items, spun over while another
 * page loads.
 */
export function ListResults<T>({ query, alwaysDrawn = false, children }: ListResultsProps<T>) {
  const { t } = useTranslation();
  const items = query.data?.data ?? [];
  return (
    <QueryContent query={query} errorTitle={t('lists.loadFailed')}>
      {query.isPending ? (
        <PageLoading />
      ) : (
        <Spin spinning={query.isFetching}>
          {(alwaysDrawn || items.length > 0) && children(items)}
          {items.length === 0 && <Empty description={t('lists.empty')} />}
        </Spin>
      )}
    </QueryContent>
  );
}
