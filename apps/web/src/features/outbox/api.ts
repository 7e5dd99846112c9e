import type { OutboxQuery } from '@cool/shared';
import { useQuery } from '@tanstack/react-query';
import { outboxQueries } from '../../shared/api/outbox.ts';

export const useOutbox = (query: OutboxQuery) => useQuery(outboxQueries.list(query));

export const useOutboxMessage = (id: number | null) =>
  useQuery({ ...outboxQueries.message(id ?? 0), enabled: id !== null });
