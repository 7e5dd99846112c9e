import { formatDateTime } from './format.ts';

const part = { whiteSpace: 'nowrap' } as const;

/**
 * A date and time in a table cell: on one line where the table has room, else the time under the date, so a
 * list of many columns fits a 1280 px screen without a date cut at its hyphens or a column hidden sideways.
 */
export function DateTime({ value }: { value: string | null | undefined }) {
  const [day, time] = formatDateTime(value).split(' ');
  return (
    <span>
      <span style={part}>{day}</span> <span style={part}>{time}</span>
    </span>
  );
}
