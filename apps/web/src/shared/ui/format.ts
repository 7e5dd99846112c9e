import dayjs from 'dayjs';

/** The date display of docs/spec.md section 9, in the browser's local time. */
export const formatDateTime = (value: string | null | undefined) =>
  value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '';

/** Today in China (UTC+8), `YYYY-MM-DD`: the server's calendar days, whatever the browser's time zone. */
export const chinaToday = (now = Date.now()) => new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
