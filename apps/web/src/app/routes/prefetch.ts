import { categoryListQuerySchema, testListQuerySchema } from '@cool/shared';
import { sortInLanguage } from '../../features/tests/titleSort.ts';
import { categoryQueries } from '../../shared/api/categories.ts';
import { settingsQueries } from '../../shared/api/settings.ts';
import { testQueries } from '../../shared/api/tests.ts';
import { parseListQuery } from '../../shared/list/listQuery.ts';
import { useSettingsStore } from '../../shared/settings/settingsStore.ts';
import { queryClient } from '../queryClient.ts';

/**
 * The first data of a list page, asked for while the user info is still on its way, under the keys the page
 * reads (the same URL parsing), so the page shows its rows as soon as it renders. Loaded with the console's code.
 */

/** What every console page shows: the layout's promotion link. */
const layoutData = () => queryClient.prefetchQuery(settingsQueries.promotion());

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

export async function prefetchCategories(params: URLSearchParams) {
  await Promise.all([
    queryClient.prefetchQuery(categoryQueries.list(parseListQuery(categoryListQuerySchema, params))),
    layoutData(),
  ]);
}
