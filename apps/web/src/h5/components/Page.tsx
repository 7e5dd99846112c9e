import { SafeArea } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useText } from '../i18n/i18n.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useDocumentTitle } from './Service.tsx';

/**
 * A pushed screen: a bar with back and the language switch, the content, and an optional action bar kept at
 * the bottom above the home indicator (safe areas on both ends).
 */
export function Page({
  title,
  back = '/',
  onBack,
  footer,
  children,
}: {
  title: ReactNode;
  /** Where back goes when the screen was opened directly (no history inside the app). */
  back?: string;
  onBack?: () => void;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const t = useText();
  const navigate = useNavigate();
  useDocumentTitle(typeof title === 'string' ? title : '');
  const goBack = () => {
    if (onBack) onBack();
    else if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(back, { replace: true });
  };
  return (
    <div className="h5-page">
      <header className="h5-bar">
        <SafeArea position="top" />
        {/* antd-mobile's NavBar draws its back control as an unnamed div, out of reach of a keyboard. */}
        <nav className="h5-nav">
          <button type="button" className="h5-nav-back" aria-label={t('nav.back')} onClick={goBack}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path
                d="M15 4 7 12l8 8"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
          <div className="h5-nav-title">{title}</div>
          <div className="h5-nav-right">
            <LanguageSwitch />
          </div>
        </nav>
      </header>
      <main className="h5-content">{children}</main>
      {footer && (
        <footer className="h5-footer">
          {footer}
          <SafeArea position="bottom" />
        </footer>
      )}
    </div>
  );
}
