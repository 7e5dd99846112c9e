import { categoryListQuerySchema, type Page, testListQuerySchema } from '@cool/shared';
import { describe, expect, it, vi } from 'vitest';
import { filtersOf, parseListQuery, writeListQuery } from './listQuery.ts';
import { listTableProps } from './listTable.ts';

const parse = (search: string) => parseListQuery(testListQuerySchema, new URLSearchParams(search));

describe('parseListQuery', () => {
  it('reads filters, sort and page with the endpoint schema, defaults for the rest', () => {
    expect(
      parse('title=%20Sleep%20&categoryId=3&status=draft&sortField=priceFen&sortOrder=descend&pageNo=2'),
    ).toEqual({
      pageNo: 2,
      pageSize: 10,
      title: 'Sleep',
      categoryId: 3,
      status: 'draft',
      sortField: 'priceFen',
      sortOrder: 'descend',
    });
    expect(parse('')).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it('falls back to the default of each refused parameter and keeps the valid ones', () => {
    expect(parse('pageNo=0&pageSize=1000&status=sold&categoryId=abc&sortField=password&title=Mood')).toEqual({
      pageNo: 1,
      pageSize: 10,
      title: 'Mood',
    });
    expect(parse('pageNo=2.5&sortOrder=sideways')).toEqual({ pageNo: 1, pageSize: 10 });
  });

  it("ignores parameters the schema does not name, such as a page's identifying testId", () => {
    expect(parse('testId=7&debug=1&name=x')).toEqual({ pageNo: 1, pageSize: 10 });
    expect(parse('title=')).toEqual({ pageNo: 1, pageSize: 10 });
  });
});

describe('writeListQuery', () => {
  it('writes only what differs from the defaults, leaving other parameters alone', () => {
    const params = new URLSearchParams('testId=7&name=old');
    const written = writeListQuery(categoryListQuerySchema, params, {
      pageNo: 1,
      pageSize: 20,
      name: 'Mood',
      status: undefined,
      sortField: 'sortOrder',
      sortOrder: 'ascend',
    });
    expect(written.toString()).toBe('testId=7&name=Mood&pageSize=20&sortField=sortOrder&sortOrder=ascend');
    expect(params.toString()).toBe('testId=7&name=old');
    expect(writeListQuery(categoryListQuerySchema, written, { pageNo: 1, pageSize: 10 }).toString()).toBe(
      'testId=7',
    );
  });

  it('round-trips through parseListQuery', () => {
    const query = parse('categoryId=4&pricing=paid&pageNo=3&sortField=titleEn&sortOrder=ascend');
    const written = writeListQuery(testListQuerySchema, new URLSearchParams(), query);
    expect(parseListQuery(testListQuerySchema, written)).toEqual(query);
  });

  it('separates the filters from paging and sort', () => {
    expect(filtersOf(parse('title=x&status=draft&pageNo=2&sortField=version&sortOrder=ascend'))).toEqual({
      title: 'x',
      status: 'draft',
    });
  });
});

describe('listTableProps', () => {
  const columns = [
    { key: 'title', title: 'Title', sorter: true },
    { key: 'version', title: 'Version', sorter: true },
    { key: 'status', title: 'Status' },
  ];
  const page: Page<never> = { pageNo: 2, pageSize: 10, totalCount: 23, totalPage: 3, data: [] };
  const table = (search: string, update = vi.fn()) => ({
    update,
    props: listTableProps({ query: parse(search), update }, page, {
      columns,
      sortFields: { title: 'titleEn' },
    }),
  });

  it('shows the page, the total and the sorted column', () => {
    const { props } = table('pageNo=2&sortField=titleEn&sortOrder=descend');
    expect(props.pagination).toMatchObject({ current: 2, pageSize: 10, total: 23 });
    expect(props.columns?.map((column) => ('sortOrder' in column ? column.sortOrder : 'none'))).toEqual([
      'descend',
      null,
      'none',
    ]);
  });

  it('says a long list the server is still counting has more than its bound (10000+)', () => {
    const showTotal = (total: string, count: number) => `${total} (${count})`;
    const line = (counted: typeof page) =>
      listTableProps({ query: parse(''), update: vi.fn() }, counted, { columns, showTotal }).pagination;
    const shown = (counted: typeof page) => {
      const pagination = line(counted);
      return pagination ? pagination.showTotal?.(counted.totalCount, [1, 10]) : undefined;
    };
    expect(shown({ ...page, totalCount: 10_000, totalCapped: true })).toBe('10000+ (10000)');
    expect(shown(page)).toBe('23 (23)');
  });

  it("writes a change back as the API's sort field, or no sort once it is cleared", () => {
    const { props, update } = table('pageNo=2');
    const sorter = { column: columns[0], columnKey: 'title', order: 'ascend' as const };
    props.onChange?.({ current: 2, pageSize: 20 }, {}, sorter, { action: 'sort', currentDataSource: [] });
    expect(update).toHaveBeenLastCalledWith({
      pageNo: 2,
      pageSize: 20,
      sortField: 'titleEn',
      sortOrder: 'ascend',
    });
    props.onChange?.(
      { current: 1, pageSize: 10 },
      {},
      { ...sorter, order: undefined },
      {
        action: 'sort',
        currentDataSource: [],
      },
    );
    expect(update).toHaveBeenLastCalledWith({
      pageNo: 1,
      pageSize: 10,
      sortField: undefined,
      sortOrder: undefined,
    });
  });
});
