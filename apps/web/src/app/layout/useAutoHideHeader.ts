import { useEffect, useState } from 'react';

/** docs/spec.md section 9: the scroll direction is read once scrolling has paused this long. */
export const SCROLL_DEBOUNCE_MS = 50;

/**
 * Whether the header should be hidden after the page moved from `previousY` to `currentY`:
 * scrolling down past the header hides it, scrolling up shows it, and near the top it always shows.
 */
export function nextHeaderHidden(previousY: number, currentY: number, hidden: boolean, headerHeight: number) {
  if (currentY <= headerHeight) return false;
  if (currentY > previousY) return true;
  if (currentY < previousY) return false;
  return hidden;
}

/** Tracks the window's scroll direction while `enabled`; returns whether the header is hidden. */
export function useAutoHideHeader(enabled: boolean, headerHeight: number): boolean {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let lastY = window.scrollY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const y = window.scrollY;
        setHidden((was) => nextHeaderHidden(lastY, y, was, headerHeight));
        lastY = y;
      }, SCROLL_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, [enabled, headerHeight]);

  return hidden;
}
