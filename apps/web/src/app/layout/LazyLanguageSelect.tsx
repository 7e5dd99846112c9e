import { lazy, Suspense, useState } from 'react';
import { LanguageButton } from './LanguageButton.tsx';

const load = () => import('./LanguageSelect.tsx');
const LanguageSelect = lazy(() => load().then((m) => ({ default: m.LanguageSelect })));

/**
 * The language selector of the login-type pages: the same language button, whose menu (antd's Dropdown and Menu,
 * about 25 KiB gzip) starts downloading when the pointer or focus reaches it, so the login page's first download
 * leaves it out. The first click swaps in the real selector, open; until then the button stays the same element,
 * so a click is never split between two.
 */
export function LazyLanguageSelect() {
  const [opened, setOpened] = useState(false);
  const button = <LanguageButton onPointerEnter={load} onFocus={load} onClick={() => setOpened(true)} />;
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <LanguageSelect initiallyOpen />
    </Suspense>
  );
}
