import type { Page } from '@cool/shared';
import type { TableProps } from 'antd';
import { type Key, type ReactNode, useEffect } from 'react';
import type { ListState } from './useListState.ts';

/** The part of a list query a table reads and writes. */
export interface TableQuery {
  pageNo: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

type TableState<Q extends TableQuery> = Pick<ListState<Q>, 'query' | 'update'>;

export interface ListTableOptions<T> {
  columns: NonNullable<TableProps<T>['columns']>;
  /**
   * The pagination's total line, e.g. "Total: 12": `total` as shown ("10000+" while the server is still
   * counting a long list), `count` for plural forms.
   */
  showTotal?: (total: string, count: number) => ReactNode;
  /** The API's sort field of a column whose key is not that field, e.g. `{ title: 'titleEn' }`. */
  sortFields?: Record<string, string>;
}

/** antd Table props from a list state: pagination, the sorted column's order, and changes written back. */
export function listTableProps<T, Q extends TableQuery>(
  list: TableState<Q>,
  page: Page<T> | undefined,
  options: ListTableOptions<T>,
): Pick<TableProps<T>, 'columns' | 'pagination' | 'onChange'> {
  const { query } = list;
  const fieldOf = (key: Key | undefined) =>
    key === undefined ? undefined : (options.sortFields?.[String(key)] ?? String(key));
  return {
    columns: options.columns.map((column) =>
      column.sorter
        ? { ...column, sortOrder: fieldOf(column.key) === query.sortField ? (query.sortOrder ?? null) : null }
        : column,
    ),
    pagination: {
      current: query.pageNo,
      pageSize: query.pageSize,
      total: page?.totalCount ?? 0,
      showSizeChanger: true,
      showTotal:
        options.showTotal &&
        ((total: number) => options.showTotal?.(page?.totalCapped ? `${total}+` : String(total), total)),
    },
    onChange: (pagination, _filters, sorter) => {
      const single = Array.isArray(sorter) ? sorter[0] : sorter;
      const order = single?.order ?? undefined;
      list.update({
        pageNo: pagination.current ?? 1,
        pageSize: pagination.pageSize ?? query.pageSize,
        sortField: order ? fieldOf(single?.columnKey) : undefined,
        sortOrder: order,
      } as Partial<Q>);
    },
  };
}

/** listTableProps, and a page beyond the last (its last row deleted, or an old link) steps back to the last. */
export function useListTable<T, Q extends TableQuery>(
  list: TableState<Q>,
  page: Page<T> | undefined,
  options: ListTableOptions<T>,
) {
  const totalPage = page?.totalPage;
  const { query, update } = list;
  useEffect(() => {
    const last = Math.max(totalPage ?? 1, 1);
    if (totalPage !== undefined && query.pageNo > last) update({ pageNo: last } as Partial<Q>);
  }, [totalPage, query.pageNo, update]);
  return listTableProps(list, page, options);
}
