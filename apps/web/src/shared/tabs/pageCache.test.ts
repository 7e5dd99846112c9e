import { describe, expect, it } from 'vitest';
import { type CachedPage, retainPages } from './pageCache.ts';

const keepAll = () => true;
const show = (pages: readonly CachedPage<string>[], key: string, max = 3) =>
  retainPages(pages, { key, value: key }, keepAll, max);

describe('kept page cache', () => {
  it('adds a shown page and returns the same list when nothing changes', () => {
    const once = show([], '/a');
    expect(once.map((p) => p.key)).toEqual(['/a']);
    expect(show(once, '/a')).toBe(once);
  });

  it('evicts the least recently shown page beyond the limit, never the shown one', () => {
    let pages = show([], '/a');
    pages = show(pages, '/b');
    pages = show(pages, '/c');
    pages = show(pages, '/a'); // /b is now the least recently shown
    pages = show(pages, '/d');
    expect(pages.map((p) => p.key).sort()).toEqual(['/a', '/c', '/d']);
  });

  it('keeps the first snapshot of a page while it stays cached', () => {
    const pages = show([], '/a');
    const again = retainPages(pages, { key: '/a', value: 'newer' }, keepAll, 3);
    expect(again[0]?.value).toBe('/a');
  });

  it('drops pages no longer wanted but keeps the shown one', () => {
    let pages = show([], '/a');
    pages = show(pages, '/b');
    const kept = retainPages(pages, { key: '/b', value: '/b' }, (key) => key === '/nothing', 3);
    expect(kept.map((p) => p.key)).toEqual(['/b']);
    expect(retainPages(pages, null, (key) => key === '/a', 3).map((p) => p.key)).toEqual(['/a']);
  });
});
