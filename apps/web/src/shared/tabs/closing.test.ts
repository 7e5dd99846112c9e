import { describe, expect, it } from 'vitest';
import { tabsToClose } from './closing.ts';

const keys = ['/game', '/user', '/qtable?testId=1', '/order'];

describe('tab close actions', () => {
  it('closes the tab itself unless it is the last one', () => {
    expect(tabsToClose(keys, '/user', 'closeThis')).toEqual({ close: ['/user'] });
    expect(tabsToClose(['/game'], '/game', 'closeThis')).toEqual({ refused: 'lastTab' });
  });

  it('closes the tabs on one side, or says there are none', () => {
    expect(tabsToClose(keys, '/qtable?testId=1', 'closeLeft')).toEqual({ close: ['/game', '/user'] });
    expect(tabsToClose(keys, '/user', 'closeRight')).toEqual({ close: ['/qtable?testId=1', '/order'] });
    expect(tabsToClose(keys, '/game', 'closeLeft')).toEqual({ refused: 'noLeft' });
    expect(tabsToClose(keys, '/order', 'closeRight')).toEqual({ refused: 'noRight' });
  });

  it('closes all others, or refuses when alone', () => {
    expect(tabsToClose(keys, '/user', 'closeOthers')).toEqual({
      close: ['/game', '/qtable?testId=1', '/order'],
    });
    expect(tabsToClose(['/user'], '/user', 'closeOthers')).toEqual({ refused: 'lastTab' });
  });

  it('closes nothing for a tab that is not open', () => {
    expect(tabsToClose(keys, '/center', 'closeThis')).toEqual({ close: [] });
  });
});
