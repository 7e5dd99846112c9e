import type { RecordListQuery } from '@cool/shared';
import { useQuery } from '@tanstack/react-query';
import { recordQueries } from '../../shared/api/records.ts';

export function useRecordList(query: RecordListQuery) {
  return useQuery(recordQueries.list(query));
}

export function useRecordDetail(id: number) {
  return useQuery(recordQueries.detail(id));
}
