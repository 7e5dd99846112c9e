/**
 * The demo's re-dating (`npm run demo`, scripts/demo.mjs, which bundles this file): the services stamp "now",
 * so each demo order, and what it touched, is moved back to when it happened. Checked by demo.test.ts.
 */

export type Query = (text: string, values?: unknown[]) => Promise<any[]>;

export interface DemoTimes {
  /** The order was made (the record submitted, its alert raised, the participant seen). */
  createdAt: Date;
  paidAt: Date;
  refundAt: Date;
}

/** Moves the order `orderNo` back to `times`: its events and refunds, its record and alert, its participant. */
export async function moveOrderBack(sql: Query, orderNo: string, { createdAt, paidAt, refundAt }: DemoTimes) {
  const [row] = await sql(
    `update orders set created_at = $2::timestamptz, expires_at = $2::timestamptz + interval '30 minutes',
       closed_at = case when closed_at is null then null else $2::timestamptz + interval '30 minutes' end,
       updated_at = greatest($2::timestamptz, coalesce(paid_at, $2::timestamptz))
     where order_no = $1 returning id, record_id, participant_id`,
    [orderNo, createdAt],
  );
  await sql(
    `update order_events set created_at = case
       when to_status = 'unpaid' then $2::timestamptz
       when to_status = 'closed' then $2::timestamptz + interval '30 minutes'
       when to_status = 'paid' and from_status in ('unpaid', 'closed') then $3::timestamptz
       when to_status = 'refunding' then least($4::timestamptz - interval '10 minutes', now())
       else $4::timestamptz end
     where order_id = $1`,
    [row.id, createdAt, paidAt, refundAt],
  );
  await sql(
    `update refunds set created_at = $2::timestamptz - interval '10 minutes', updated_at = $2::timestamptz,
       accepted_at = case when accepted_at is null then null
         else $2::timestamptz - interval '10 minutes' + interval '1 second' end,
       next_poll_at = case when status = 'processing' then now() + interval '1 minute' end
     where order_id = $1`,
    [row.id, refundAt],
  );
  await sql(
    `update records set started_at = $2::timestamptz - interval '8 minutes', submitted_at = $2::timestamptz,
       updated_at = $2::timestamptz, unlocked_at = case when unlocked_at is null then null else $3::timestamptz end
     where id = $1`,
    [row.record_id, createdAt, paidAt],
  );
  // The record's alert was raised when it was submitted; its notes (if any) move with it.
  await sql(
    `with moved as (select id, $2::timestamptz - created_at as shift from alerts where record_id = $1),
       notes as (update alert_notes n set created_at = n.created_at + moved.shift
         from moved where n.alert_id = moved.id)
     update alerts a set created_at = a.created_at + moved.shift, updated_at = a.updated_at + moved.shift
     from moved where a.id = moved.id`,
    [row.record_id, createdAt],
  );
  await sql(
    `update participants set first_seen_at = $2::timestamptz - interval '10 minutes', last_seen_at = $2::timestamptz
     where id = $1`,
    [row.participant_id, createdAt],
  );
}
