import type { RecordListQuery } from '@cool/shared';
import { useQuery } from '@tanstack/react-query';
import { recordQueries } from '../../shared/api/records.ts';
import { testQueries } from '../../shared/api/tests.ts';

export function useRecordList(query: RecordListQuery) {
  return useQuery(recordQueries.list(query));
}

export function useRecordDetail(id: number) {
  return useQuery(recordQueries.detail(id));
}

/** The largest page the API serves: the test picker lists the tests in one page. */
const EVERY_TEST = { pageNo: 1, pageSize: 100 } as const;

/** Tests for the search form's picker; they rarely change while the records screen is open. */
export function useTestOptions() {
  return useQuery({ ...testQueries.list(EVERY_TEST), staleTime: 60_000 });
}
