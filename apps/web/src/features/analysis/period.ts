import { type AnalysisUnit, periodDays } from '@cool/shared';
import { chinaToday } from '../../shared/ui/format.ts';

/**
 * The dashboard's periods, in China's calendar days (UTC+8) as the server counts them, whatever the browser's
 * time zone.
 */

export const PRESETS = ['today', 'week', 'month', 'year'] as const;
export type Preset = (typeof PRESETS)[number];

export interface Period {
  preset: Preset | 'custom';
  from: string;
  to: string;
  unit: AnalysisUnit;
}

const DAY_MS = 24 * 3600_000;
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

/** This day, week (Monday to Sunday), month or year in China: by the hour, day, day or month. */
export function presetPeriod(preset: Preset, now = Date.now()): Period {
  const today = Date.parse(`${chinaToday(now)}T00:00:00Z`);
  const date = new Date(today);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  switch (preset) {
    case 'today':
      return { preset, from: iso(today), to: iso(today), unit: 'hour' };
    case 'week': {
      const monday = today - ((date.getUTCDay() + 6) % 7) * DAY_MS;
      return { preset, from: iso(monday), to: iso(monday + 6 * DAY_MS), unit: 'day' };
    }
    case 'month':
      return {
        preset,
        from: iso(Date.UTC(year, month, 1)),
        to: iso(Date.UTC(year, month + 1, 0)),
        unit: 'day',
      };
    case 'year':
      return { preset, from: iso(Date.UTC(year, 0, 1)), to: iso(Date.UTC(year, 11, 31)), unit: 'month' };
  }
}

/** A chosen range: one day by the hour, up to about two months by day, longer by month. */
export function customPeriod(from: string, to: string): Period {
  const days = periodDays(from, to);
  return { preset: 'custom', from, to, unit: days === 1 ? 'hour' : days <= 62 ? 'day' : 'month' };
}

/** A bucket's label on the chart's axis: `14:00`, `03-08` or `2026-03`. */
export function bucketLabel(bucket: string, unit: AnalysisUnit): string {
  if (unit === 'hour') return bucket.slice(11);
  if (unit === 'day') return bucket.slice(5);
  return bucket;
}
