import { Button, DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { ClientError, errorMessage } from '../api/client.ts';
import { useText } from '../i18n/i18n.ts';

export function Loading() {
  return (
    <div className="h5-centre" role="status" aria-live="polite">
      <DotLoading color="primary" />
    </div>
  );
}

/**
 * A message in place of the page's content. Plain text rather than antd-mobile's ErrorBlock, whose four
 * illustrations would weigh about 10 KB gzip on the first screen.
 */
export function Message({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <div className="h5-centre h5-stack">
      <p className="h5-message">{title}</p>
      {description && <p className="h5-note">{description}</p>}
      {children}
    </div>
  );
}

/** A page that could not load: the server's message, and a retry unless the thing does not exist. */
export function LoadError({ error, retry }: { error: unknown; retry?: () => void }) {
  const t = useText();
  const missing = error instanceof ClientError && error.status === 404;
  return (
    <Message title={missing ? t('error.notFound') : t('error.load')} description={errorMessage(error, t)}>
      {retry && !missing && (
        <Button color="primary" fill="outline" onClick={retry}>
          {t('error.retry')}
        </Button>
      )}
    </Message>
  );
}

/** A path no page answers: the title alone, as there is no server message to explain it. */
export function NotFound() {
  const t = useText();
  return <Message title={t('error.notFound')} />;
}
