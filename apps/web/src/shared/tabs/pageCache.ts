export interface CachedPage<T> {
  key: string;
  value: T;
  /** Order of the last showing: the smallest is the least recently shown. */
  shownAt: number;
}

/**
 * The pages to keep once `shown` is on screen: it is added or marked most recently shown, pages `keep` rejects
 * are dropped, and beyond `max` the least recently shown ones are evicted. Returns `pages` itself when nothing
 * changes, so the result can drive a state update during render.
 */
export function retainPages<T>(
  pages: readonly CachedPage<T>[],
  shown: { key: string; value: T } | null,
  keep: (key: string) => boolean,
  max: number,
): readonly CachedPage<T>[] {
  const latest = Math.max(0, ...pages.map((page) => page.shownAt));
  let next = pages.filter((page) => page.key === shown?.key || keep(page.key));
  if (shown) {
    const existing = next.find((page) => page.key === shown.key);
    if (!existing) next = [...next, { ...shown, shownAt: latest + 1 }];
    else if (existing.shownAt !== latest)
      next = next.map((page) => (page === existing ? { ...page, shownAt: latest + 1 } : page));
  }
  while (next.length > max) {
    const oldest = next.reduce((a, b) => (b.shownAt < a.shownAt ? b : a));
    next = next.filter((page) => page !== oldest);
  }
  const unchanged = next.length === pages.length && next.every((page, i) => page === pages[i]);
  return unchanged ? pages : next;
}
