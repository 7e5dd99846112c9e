import { describe, expect, it } from 'vitest';
import { nextHeaderHidden } from './useAutoHideHeader.ts';

describe('nextHeaderHidden', () => {
  it('hides the header when scrolling down past it', () => {
    expect(nextHeaderHidden(100, 300, false, 64)).toBe(true);
  });

  it('shows it again when scrolling up', () => {
    expect(nextHeaderHidden(300, 250, true, 64)).toBe(false);
  });

  it('always shows it near the top of the page', () => {
    expect(nextHeaderHidden(0, 40, false, 64)).toBe(false);
    expect(nextHeaderHidden(300, 10, true, 64)).toBe(false);
  });

  it('keeps the current state when the position did not change', () => {
    expect(nextHeaderHidden(300, 300, true, 64)).toBe(true);
    expect(nextHeaderHidden(300, 300, false, 64)).toBe(false);
  });
});
