import { Button } from 'antd-mobile';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useText } from '../i18n/i18n.ts';
import { Message } from './States.tsx';

/**
 * What a page shows when it could not be drawn, mostly because its lazily loaded code did not arrive (a
 * dropped connection, or a deploy since the app was opened, whose old chunks are gone). A reload fetches the
 * current code.
 */
export function Crashed() {
  const t = useText();
  return (
    <Message title={t('error.crash')} description={t('error.crashBody')}>
      <Button color="primary" fill="outline" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </Button>
    </Message>
  );
}

/** Catches a page that throws while drawing, so React does not unmount the whole app; cleared by `resetKey`. */
export class ErrorBoundary extends Component<
  { resetKey: unknown; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: { resetKey: unknown }) {
    // Going to another page tries again: its code may well load.
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <Crashed /> : this.props.children;
  }
}

/** The boundary around the routes, reset when the path changes. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary resetKey={useLocation().pathname}>{children}</ErrorBoundary>;
}
