import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ExceptionResult } from './ExceptionResult.tsx';

// How browsers, Vite's preload helper and webpack word a failed download of a lazily loaded module.
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

/**
 * SPEC 8 'Loading chunk {id} failed': when the error is a failed chunk download, the chunk's file name
 * (or '' when the browser does not say it); null for any other error.
 */
export function failedChunk(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  if (error.name !== 'ChunkLoadError' && !CHUNK_FAILURE.test(error.message)) return null;
  return error.message.match(/([\w.-]+?)\.(?:m?js|css)\b/)?.[1] ?? '';
}

function ChunkFailure({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={id ? t('ui.chunkError.title', { id }) : t('ui.chunkError.titleNoId')}
      subTitle={t('ui.chunkError.subTitle')}
      extra={
        // A lazy component keeps its failed import, so only a reload downloads the chunk again.
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('ui.chunkError.reload')}
        </Button>
      }
    />
  );
}

function RenderFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = failedChunk(error);
  if (chunk !== null) return <ChunkFailure id={chunk} />;
  return <ExceptionResult status="500" subTitle={t('ui.exception.render')} />;
}

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
}

type BoundaryState = { failure: { error: unknown } | null; resetKey: string };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  // Navigating elsewhere gives the page a fresh try.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failure: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failure ? <RenderFailure error={this.state.failure.error} /> : this.props.children;
  }
}

/** Shows the 500 page when rendering a route throws, or a reload prompt when its code failed to download. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
