import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/http/client.ts';

const MINUTE = 60_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // A kept-alive tab re-subscribes its queries each time it is shown again: fresh data is not fetched
      // again. Mutations invalidate what they change and a tab's refresh refetches; after 5 minutes a
      // returning page updates in the background while still showing what it had.
      staleTime: 5 * MINUTE,
      // A hidden tab observes nothing, so its data must outlive the freshness window or the tab would
      // come back empty.
      gcTime: 30 * MINUTE,
      // A 4xx will not change on retry; only transient failures are retried once.
      retry: (failureCount, error) =>
        failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});
