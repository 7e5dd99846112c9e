import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../session/authStore.ts';
import { sanitizeTabs, TABS_STORAGE_KEY, useTabsStore } from './tabsStore.ts';

const keys = () => useTabsStore.getState().tabs.map((tab) => tab.key);

describe('tabs store', () => {
  beforeEach(() => {
    useAuthStore.setState({ token: 'token' });
    useTabsStore.getState().reset();
  });

  it('opens each full path once, in visiting order', () => {
    const { add } = useTabsStore.getState();
    add('/game');
    add('/qtable?testId=1');
    add('/game');
    add('/qtable?testId=2');
    expect(keys()).toEqual(['/game', '/qtable?testId=1', '/qtable?testId=2']);
  });

  it('renames a known tab, ignores an unknown one, and an empty title restores the route title', () => {
    const { add, rename } = useTabsStore.getState();
    add('/game');
    rename('/game', 'My tests');
    rename('/missing', 'Nope');
    expect(useTabsStore.getState().tabs).toEqual([{ key: '/game', title: 'My tests' }]);
    rename('/game', '');
    expect(useTabsStore.getState().tabs).toEqual([{ key: '/game' }]);
  });

  it('saves paths and custom titles for the next page load', () => {
    const { add, rename, refresh } = useTabsStore.getState();
    add('/qtable?testId=3');
    rename('/qtable?testId=3', 'Anxiety scale');
    refresh('/qtable?testId=3');
    expect(JSON.parse(localStorage.getItem(TABS_STORAGE_KEY) ?? '{}')).toEqual({
      state: { tabs: [{ key: '/qtable?testId=3', title: 'Anxiety scale' }] },
      version: 1,
    });
  });

  it('restores only well-formed, distinct tabs', () => {
    expect(sanitizeTabs('x')).toEqual([]);
    expect(
      sanitizeTabs([
        { key: '/game', title: 'T' },
        { key: '/game' },
        { key: 'http://evil' },
        null,
        { key: '/user', title: 3 },
      ]),
    ).toEqual([{ key: '/game', title: 'T' }, { key: '/user' }]);
  });

  it('clears the tabs when the user signs out', () => {
    useTabsStore.getState().add('/game');
    useAuthStore.getState().signOut();
    expect(keys()).toEqual([]);
    expect(JSON.parse(localStorage.getItem(TABS_STORAGE_KEY) ?? '{}').state.tabs).toEqual([]);
  });
});
