import type { Page } from '@cool/shared';
import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';

/** Which page to read: its number, and the previous page's cursor to read it by keyset. */
export interface PageRequest {
  pageNo: number;
  cursor?: string;
}

/** A page's query string: `size` rows of page `pageNo`, by the cursor when there is one. */
export const pageQuery = ({ pageNo, cursor }: PageRequest, size: number) =>
  new URLSearchParams({ pageSize: String(size), pageNo: String(pageNo), ...(cursor && { cursor }) });

/**
 * A list read a page at a time as the person scrolls (`items` so far; `fetchNextPage` while `hasNextPage`):
 * the server gives a cursor with every full page, so a list of any length is reachable.
 */
export function usePages<T>(queryKey: QueryKey, fetchPage: (page: PageRequest) => Promise<Page<T>>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: { pageNo: 1 } as PageRequest,
    getNextPageParam: (last): PageRequest | undefined =>
      last.nextCursor ? { pageNo: last.pageNo + 1, cursor: last.nextCursor } : undefined,
  });
  return { ...query, items: query.data?.pages.flatMap((page) => page.data) ?? [] };
}
