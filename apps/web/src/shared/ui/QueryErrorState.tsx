import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../http/errorText.ts';
import type { ErrorResultProps } from './ErrorResult.tsx';
import { LazyAlert } from './LazyAlert.tsx';

type AlertProps = Pick<ErrorResultProps, 'title' | 'subTitle' | 'extra'>;

/**
 * The alert: above data still on screen, and in place of the page while its result downloads. It says what
 * failed and why, so several on one screen (the workplace's cards, the monitor's panels) tell which part to
 * retry. Its code comes with the first failure, like the result's: a page that loads shows neither.
 */
const ErrorAlert = ({ title, subTitle, extra }: AlertProps) => (
  <LazyAlert type="error" showIcon role="alert" title={title} description={subTitle} action={extra} />
);

// antd's Result (10 KiB gzip) downloads only when a page's data fails; if that download fails too (offline), the
// alert stays.
const ErrorResult = lazy(() => import('./ErrorResult.tsx').catch(() => ({ default: ErrorAlert })));

interface QueryErrorStateProps {
  /** The failed query's error. */
  error: unknown;
  /** What could not be loaded, e.g. 'The categories could not be loaded'. */
  title: string;
  onRetry: () => void;
  retrying?: boolean;
  /** An alert (naming what failed, see `title`) above data still on screen, for a refetch that failed. */
  compact?: boolean;
}

/**
 * Shown in place of a page's content when its data could not be loaded, with a retry (see ErrorResult), or as an
 * alert when `compact`.
 */
export function QueryErrorState({ error, title, onRetry, retrying = false, compact }: QueryErrorStateProps) {
  const { t } = useTranslation();
  const retry = (
    <Button onClick={onRetry} loading={retrying}>
      {t('common.retry')}
    </Button>
  );
  const subTitle = errorText(error, t);
  if (compact) return <ErrorAlert title={title} subTitle={subTitle} extra={retry} />;
  return (
    <Suspense fallback={<ErrorAlert title={title} subTitle={subTitle} extra={retry} />}>
      <ErrorResult error={error} title={title} subTitle={subTitle} extra={retry} />
    </Suspense>
  );
}

interface QueryContentProps {
  query: Pick<UseQueryResult, 'data' | 'error' | 'isError' | 'isFetching' | 'refetch'>;
  /** What could not be loaded. */
  errorTitle: string;
  children: ReactNode;
}

/** A query's content: the error state in its place while nothing loaded, else a retry alert above it. */
export function QueryContent({ query, errorTitle, children }: QueryContentProps) {
  const failure = (compact: boolean) => (
    <QueryErrorState
      compact={compact}
      error={query.error}
      title={errorTitle}
      onRetry={() => query.refetch()}
      retrying={query.isFetching}
    />
  );
  if (query.isError && query.data === undefined) return failure(false);
  return (
    <Flex vertical gap={16}>
      {query.isError && failure(true)}
      {children}
    </Flex>
  );
}
