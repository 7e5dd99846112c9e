import type { Alert, LocalizedText, Order, TestRecord } from '@cool/shared';

export type ActivityKind = 'started' | 'submitted' | 'ordered' | 'paid' | 'alert';

export interface Activity {
  key: string;
  kind: ActivityKind;
  time: string;
  title: LocalizedText;
}

/** How many events the timeline shows. */
const SHOWN = 10;

/**
 * A participant's newest events, merged from the newest page of each area the role may read: starting and
 * submitting records, ordering and paying, raising alerts. Newest first.
 */
export function activityOf(records: TestRecord[], orders: Order[], alerts: Alert[]): Activity[] {
  const events: Activity[] = [
    ...records.flatMap((r) => [
      { key: `r${r.id}s`, kind: 'started' as const, time: r.startTime, title: r.title },
      ...(r.submitTime
        ? [{ key: `r${r.id}d`, kind: 'submitted' as const, time: r.submitTime, title: r.title }]
        : []),
    ]),
    ...orders.flatMap((o) => [
      { key: `o${o.id}c`, kind: 'ordered' as const, time: o.createTime, title: o.title },
      ...(o.paidTime ? [{ key: `o${o.id}p`, kind: 'paid' as const, time: o.paidTime, title: o.title }] : []),
    ]),
    ...alerts.map((a) => ({ key: `a${a.id}`, kind: 'alert' as const, time: a.createTime, title: a.title })),
  ];
  return events.sort((a, b) => b.time.localeCompare(a.time)).slice(0, SHOWN);
}
