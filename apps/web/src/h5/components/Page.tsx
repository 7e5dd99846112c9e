import { NavBar, SafeArea } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from './LanguageSwitch.tsx';

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
  const navigate = useNavigate();
  const goBack = () => {
    if (onBack) onBack();
    else if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(back, { replace: true });
  };
  return (
    <div className="h5-page">
      <header className="h5-bar">
        <SafeArea position="top" />
        <NavBar onBack={goBack} right={<LanguageSwitch />}>
          {title}
        </NavBar>
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
