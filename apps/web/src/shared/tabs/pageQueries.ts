import type { QueryClient } from '@tanstack/react-query';

/** Per page (full path), the hashes of the queries it observed while shown. */
const observed = new Map<string, Set<string>>();

/** Records the queries that start being observed while a page is shown; the returned function stops. */
export function trackPageQueries(client: QueryClient, key: string): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerAdded') return;
    const hashes = observed.get(key) ?? new Set<string>();
    hashes.add(event.query.queryHash);
    observed.set(key, hashes);
  });
}

/**
 * Marks a page's queries stale without fetching: its re-created page then fetches them once on mount.
 * Other pages' data stays fresh, so their tabs still show without a request.
 */
export function invalidatePageQueries(client: QueryClient, key: string): void {
  const hashes = observed.get(key);
  if (!hashes) return;
  observed.delete(key);
  void client.invalidateQueries({ predicate: (query) => hashes.has(query.queryHash), refetchType: 'none' });
}

export function forgetPageQueries(keys: readonly string[]): void {
  for (const key of keys) observed.delete(key);
}
