import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Flex, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NETWORK_ERROR_STATUS } from '../http/client.ts';
import { errorText } from '../http/errorText.ts';
import { ExceptionResult } from './ExceptionResult.tsx';

interface QueryErrorStateProps {
  /** The failed query's error. */
  error: unknown;
  /** What could not be loaded, e.g. 'The categories could not be loaded'. */
  title: string;
  onRetry: () => void;
  retrying?: boolean;
  /** A one-line alert above data still on screen, for a refetch that failed. */
  compact?: boolean;
}

/**
 * Shown in place of a page's content when its data could not be loaded: the 403 page when the role may not
 * read it (retrying cannot help), the 500 page with a retry for a server or network failure, else the
 * server's message with a retry.
 */
export function QueryErrorState({ error, title, onRetry, retrying = false, compact }: QueryErrorStateProps) {
  const { t } = useTranslation();
  const retry = (
    <Button onClick={onRetry} loading={retrying}>
      {t('common.retry')}
    </Button>
  );
  const subTitle = errorText(error, t);
  if (compact) return <Alert type="error" showIcon role="alert" title={subTitle} action={retry} />;

  const status = error instanceof ApiError ? error.status : null;
  if (status === 403) return <ExceptionResult status="403" />;
  if (status !== null && (status === NETWORK_ERROR_STATUS || status >= 500))
    return <ExceptionResult status="500" title={title} subTitle={subTitle} extra={retry} />;
  return <Result status="error" title={title} subTitle={subTitle} extra={retry} />;
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
