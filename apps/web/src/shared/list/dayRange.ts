import dayjs, { type Dayjs } from 'dayjs';

/** A list's `from`/`to` instants (ISO; `to` exclusive) as a RangePicker's days, and back. */

/** The days a `from`/`to` pair covers: `to` is exclusive, so the range's last day is the day before it. */
export const toDayRange = (from: string | undefined, to: string | undefined): [Dayjs, Dayjs] | undefined =>
  from && to ? [dayjs(from), dayjs(to).subtract(1, 'day')] : undefined;

/** Whole days in the browser's time zone: from the first day's start to the end of the last. */
export const fromDayRange = (days: [Dayjs, Dayjs] | undefined) => ({
  from: days?.[0].startOf('day').toISOString(),
  to: days?.[1].add(1, 'day').startOf('day').toISOString(),
});
