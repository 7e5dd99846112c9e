import type { ReactNode } from 'react';

/** Cards as wide as fit, at least `min` pixels (one a row on a phone). */
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
    <div
      role="list"
      aria-label={label}
      style={{
        display: 'grid',
        gap: 16,
        gridTemplateColumns: `repeat(auto-fill, minmax(min(${min}px, 100%), 1fr))`,
      }}
    >
      {children}
    </div>
  );
}
