import { describe, expect, it } from 'vitest';
import { chinaToday } from '../../shared/ui/format.ts';
import { bucketLabel, customPeriod, presetPeriod } from './period.ts';

// 2026-03-04 17:30 UTC is Thursday 2026-03-05 01:30 in China.
const NOW = Date.parse('2026-03-04T17:30:00Z');

describe('periods in China days', () => {
  it('takes today from China time, not the browser’s', () => {
    expect(chinaToday(NOW)).toBe('2026-03-05');
    expect(chinaToday(Date.parse('2026-03-04T15:59:59Z'))).toBe('2026-03-04');
  });

  it('gives the day by the hour, the week from Monday, the month and the year by month', () => {
    expect(presetPeriod('today', NOW)).toEqual({
      preset: 'today',
      from: '2026-03-05',
      to: '2026-03-05',
      unit: 'hour',
    });
    expect(presetPeriod('week', NOW)).toMatchObject({ from: '2026-03-02', to: '2026-03-08', unit: 'day' });
    expect(presetPeriod('week', Date.parse('2026-03-08T10:00:00Z'))).toMatchObject({ from: '2026-03-02' });
    expect(presetPeriod('month', NOW)).toMatchObject({ from: '2026-03-01', to: '2026-03-31', unit: 'day' });
    expect(presetPeriod('month', Date.parse('2028-02-10T00:00:00Z'))).toMatchObject({ to: '2028-02-29' });
    expect(presetPeriod('year', NOW)).toMatchObject({ from: '2026-01-01', to: '2026-12-31', unit: 'month' });
  });

  it('buckets a chosen range by its length, and labels buckets shortly', () => {
    expect(customPeriod('2026-03-05', '2026-03-05').unit).toBe('hour');
    expect(customPeriod('2026-03-01', '2026-05-01').unit).toBe('day');
    expect(customPeriod('2026-03-01', '2026-05-02').unit).toBe('month');
    expect(bucketLabel('2026-03-05 14:00', 'hour')).toBe('14:00');
    expect(bucketLabel('2026-03-05', 'day')).toBe('03-05');
    expect(bucketLabel('2026-03', 'month')).toBe('2026-03');
  });
});
