import { categoryListQuerySchema } from '@cool/shared';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type ListStateOf, useListState } from './useListState.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let list: ListStateOf<typeof categoryListQuerySchema>;
let shown = { path: '', navigation: '' };

function Probe() {
  list = useListState(categoryListQuerySchema);
  const { pathname, search } = useLocation();
  shown = { path: pathname + search, navigation: useNavigationType() };
  return null;
}

function mount(path: string) {
  root = createRoot(document.createElement('div'));
  act(() =>
    root?.render(
      <MemoryRouter initialEntries={['/game', path]} initialIndex={1}>
        <Probe />
      </MemoryRouter>,
    ),
  );
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

describe('useListState', () => {
  it('reads a shared link, with defaults for what it leaves out or gets wrong', () => {
    mount('/user?name=Mood&status=sideways&pageNo=3&sortField=updateTime&sortOrder=descend');
    expect(list.query).toEqual({
      name: 'Mood',
      pageNo: 3,
      pageSize: 10,
      sortField: 'updateTime',
      sortOrder: 'descend',
    });
    expect(list.filters).toEqual({ name: 'Mood' });
  });

  it('writes changes back to the URL in place, keeping the identifying parameters', () => {
    mount('/qtable?testId=4');
    act(() => list.update({ pageNo: 2, sortField: 'sortOrder', sortOrder: 'ascend' }));
    expect(shown).toEqual({
      path: '/qtable?testId=4&pageNo=2&sortField=sortOrder&sortOrder=ascend',
      navigation: 'REPLACE',
    });
    expect(list.query.pageNo).toBe(2);
  });

  it('searches from the first page, replacing the filters and keeping sort and page size', () => {
    mount('/user?name=Mood&status=disabled&pageNo=4&pageSize=20&sortField=createTime&sortOrder=ascend');
    act(() => list.search({ status: 'enabled' }));
    expect(shown.path).toBe('/user?status=enabled&pageSize=20&sortField=createTime&sortOrder=ascend');
    act(() => list.search({}));
    expect(shown.path).toBe('/user?pageSize=20&sortField=createTime&sortOrder=ascend');
  });

  it('does not navigate when nothing changes', () => {
    mount('/user?name=Mood');
    act(() => list.update({ pageNo: 1 }));
    expect(shown).toEqual({ path: '/user?name=Mood', navigation: 'POP' });
  });
});
