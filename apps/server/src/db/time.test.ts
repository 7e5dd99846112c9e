import { describe, expect, it } from 'vitest';
import { isoFromText } from './time.ts';

describe('isoFromText', () => {
  it('writes what Date#toISOString writes for every text PostgreSQL gives', () => {
    for (const text of [
      '2026-11-23 17:17:35+00',
      '2026-11-23 17:17:35.8+00',
      '2026-11-23 17:17:35.88+00',
      '2026-11-23 17:17:35.886+00',
      '2026-11-23 17:17:35.8869+00',
      '2026-11-23 17:17:35.886999+00',
      '2026-01-01 00:00:00.000001+00',
      '2026-11-23 17:17:35.886+08',
      '2026-11-23 17:17:35.886+05:30',
      '2026-11-23 17:17:35-03',
    ]) {
      expect(isoFromText(text), text).toBe(new Date(text).toISOString());
    }
  });

  it('takes a Date as it is', () => {
    const date = new Date(Date.UTC(2026, 10, 23, 17, 17, 35, 886));
    expect(isoFromText(date)).toBe('2026-11-23T17:17:35.886Z');
  });
});
