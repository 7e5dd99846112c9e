import { WarningFilled } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BackHomeButton } from './BackHomeButton.tsx';

// antd's Result carries the 403/404/500 illustrations (10 KiB): downloaded only when a page fails to render.
const ExceptionResult = lazy(() =>
  import('./ExceptionResult.tsx').then((m) => ({ default: m.ExceptionResult })),
);

// How browsers, Vite's preload helper and webpack word a failed download of a lazily loaded module.
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

/**
 * 'Loading chunk {id} failed' (docs/spec.md section 8): when the error is a failed chunk download, the
 * chunk's file name (or '' when the browser does not say it); null for any other error.
 */
export function failedChunk(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  if (error.name !== 'ChunkLoadError' && !CHUNK_FAILURE.test(error.message)) return null;
  return error.message.match(/([\w.-]+?)\.(?:m?js|css)\b/)?.[1] ?? '';
}

/** A failure laid out like antd's Result, with nothing to download: it must show when downloads fail. */
function Failure({
  icon,
  title,
  subTitle,
  extra,
}: Record<'icon' | 'title' | 'subTitle' | 'extra', ReactNode>) {
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={token.marginXS} style={{ padding: '48px 32px', textAlign: 'center' }}>
      {icon}
      <div style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3 }}>{title}</div>
      <div style={{ color: token.colorTextDescription }}>{subTitle}</div>
      <div style={{ marginTop: token.marginMD }}>{extra}</div>
    </Flex>
  );
}

function ChunkFailure({ id }: { id: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Failure
      icon={
        <WarningFilled style={{ fontSize: 72, color: token.colorWarning, marginBottom: token.marginLG }} />
      }
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
  // The same words while the illustrated page downloads (or if it cannot).
  return (
    <Suspense
      fallback={
        <Failure icon={null} title="500" subTitle={t('ui.exception.render')} extra={<BackHomeButton />} />
      }
    >
      <ExceptionResult status="500" subTitle={t('ui.exception.render')} />
    </Suspense>
  );
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
