import { describe, expect, it } from 'vitest';
import { greetingForHour, pickWelcomePhrase, WELCOME_PHRASES } from './greeting.ts';

describe('greetingForHour', () => {
  it.each([
    [0, 'morning'],
    [8, 'morning'],
    [9, 'forenoon'],
    [11, 'forenoon'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [19, 'afternoon'],
    [20, 'evening'],
    [23, 'evening'],
  ])('hour %i -> %s', (hour, key) => {
    expect(greetingForHour(hour)).toBe(key);
  });
});

describe('pickWelcomePhrase', () => {
  it('maps the random number onto each of the 4 phrases', () => {
    expect(pickWelcomePhrase(() => 0)).toBe('rest');
    expect(pickWelcomePhrase(() => 0.26)).toBe('meal');
    expect(pickWelcomePhrase(() => 0.5)).toBe('game');
    expect(pickWelcomePhrase(() => 0.99)).toBe('tired');
  });

  it('stays inside the list for edge values', () => {
    expect(WELCOME_PHRASES).toContain(pickWelcomePhrase(() => 1));
    expect(WELCOME_PHRASES).toContain(pickWelcomePhrase(() => -0.1));
  });
});
