import { Result } from 'antd';
import type { ReactNode } from 'react';
import { ApiError, NETWORK_ERROR_STATUS } from '../http/client.ts';
import { ExceptionResult } from './ExceptionResult.tsx';

export interface ErrorResultProps {
  error: unknown;
  title: string;
  subTitle: string;
  extra: ReactNode;
}

/**
 * A page's failed data in its place (see QueryErrorState): the 403 page when the role may not read it (retrying
 * cannot help), the 500 page for a server or network failure, else the server's message.
 */
export default function ErrorResult({ error, title, subTitle, extra }: ErrorResultProps) {
  const status = error instanceof ApiError ? error.status : null;
  if (status === 403) return <ExceptionResult status="403" />;
  if (status !== null && (status === NETWORK_ERROR_STATUS || status >= 500))
    return <ExceptionResult status="500" title={title} subTitle={subTitle} extra={extra} />;
  return <Result status="error" title={title} subTitle={subTitle} extra={extra} />;
}
