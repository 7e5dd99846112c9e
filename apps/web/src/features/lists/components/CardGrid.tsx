import type { CSSProperties, ReactNode } from 'react';

/** A list without bullets or indent: its items draw themselves. */
export const BARE_LIST: CSSProperties = { margin: 0, padding: 0, listStyle: 'none' };

/** Cards (each in its `li`) as wide as fit, at least `min` pixels (one a row on a phone). */
export function CardGrid({
  label,
  min = 240,
  children,
}: {
  label: string;
  min?: number;
  children: ReactNode;
}) {
  return (
    <ul
      aria-label={label}
      style={{
        ...BARE_LIST,
        display: 'grid',
        gap: 16,
        gridTemplateColumns: `repeat(auto-fill, minmax(min(${min}px, 100%), 1fr))`,
      }}
    >
      {children}
    </ul>
  );
}
