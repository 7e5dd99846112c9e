import { testListQuerySchema } from '@cool/shared';
import { sortInLanguage } from '../../features/tests/titleSort.ts';
import { testQueries } from '../../shared/api/tests.ts';
import { parseListQuery } from '../../shared/list/listQuery.ts';
import { useSettingsStore } from '../../shared/settings/settingsStore.ts';
import { queryClient } from '../queryClient.ts';
import { layoutData } from './prefetch.ts';

/**
 * The tests page's first data (see prefetch.ts), apart so the other pages' first download has no tests schemas.
 * Not the category filter's options: asked before the role is known, they would be refused to a role that may
 * read the tests but not the categories (the page asks for them itself when the role may).
 */
export async function prefetchTests(params: URLSearchParams) {
  const query = parseListQuery(testListQuerySchema, params);
  // As the page does: the title sorts by the current language's title.
  const language = useSettingsStore.getState().language === 'zh-CN' ? 'zh' : 'en';
  await Promise.all([
    queryClient.prefetchQuery(
      testQueries.list({ ...query, sortField: sortInLanguage(query.sortField, language) }),
    ),
    layoutData(),
  ]);
}
