import dayjs from 'dayjs';

/** SPEC 9 date display, in the browser's local time. */
export const formatDateTime = (value: string | null | undefined) =>
  value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '';
