import { testListQuerySchema } from '@cool/shared';
import { sortInLanguage } from '../../features/tests/titleSort.ts';
import { categoryQueries } from '../../shared/api/categories.ts';
import { testQueries } from '../../shared/api/tests.ts';
import { parseListQuery } from '../../shared/list/listQuery.ts';
import { useSettingsStore } from '../../shared/settings/settingsStore.ts';
import { queryClient } from '../queryClient.ts';
import { layoutData } from './prefetch.ts';

/** The tests page's first data (see prefetch.ts), apart so the other pages' first download has no tests schemas. */
export async function prefetchTests(params: URLSearchParams) {
  const query = parseListQuery(testListQuerySchema, params);
  // As the page does: the title sorts by the current language's title.
  const language = useSettingsStore.getState().language === 'zh-CN' ? 'zh' : 'en';
  await Promise.all([
    queryClient.prefetchQuery(
      testQueries.list({ ...query, sortField: sortInLanguage(query.sortField, language) }),
    ),
    queryClient.prefetchQuery(categoryQueries.options()),
    layoutData(),
  ]);
}
