import { categoryListQuerySchema } from '@cool/shared';
import { categoryQueries } from '../../shared/api/categories.ts';
import { settingsQueries } from '../../shared/api/settings.ts';
import { parseListQuery } from '../../shared/list/listQuery.ts';
import { queryClient } from '../queryClient.ts';

/**
 * The first data of a list page, asked for while the user info is still on its way, under the keys the page
 * reads (the same URL parsing), so the page shows its rows as soon as it renders. Loaded with the page's code;
 * the tests page's in prefetchTests.ts.
 */

/** What every console page shows: the layout's promotion link. */
export const layoutData = () => queryClient.prefetchQuery(settingsQueries.promotion());

export async function prefetchCategories(params: URLSearchParams) {
  await Promise.all([
    queryClient.prefetchQuery(categoryQueries.list(parseListQuery(categoryListQuerySchema, params))),
    layoutData(),
  ]);
}
