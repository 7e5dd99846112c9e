/** The orders list as a file: CSV streamed, XLSX built in memory up to a cap. */
import type { Database } from '../../db/database.ts';
import type { ServiceContext } from '../../db/tx.ts';
import type { CsvCell } from '../../http/csv.ts';
import { httpError } from '../../http/reply.ts';
import { cappedRows } from '../../http/xlsx.ts';
import * as repo from './repository.ts';
import { maskOpenid } from './view.ts';

export const ORDER_EXPORT_COLUMNS = [
  'order_no',
  'participant_id',
  'participant_nickname',
  'record_id',
  'test_id',
  'title_zh',
  'title_en',
  'amount_fen',
  'channel',
  'status',
  'transaction_id',
  'payer_openid',
  'refunded_fen',
  'create_time',
  'paid_time',
  'closed_time',
];

/** The filtered list as file rows (`ORDER_EXPORT_COLUMNS`) in batches; openids masked as listed. */
export async function* exportOrders(
  ctx: ServiceContext,
  filters: repo.OrderExportFilters,
): AsyncGenerator<CsvCell[][]> {
  for await (const batch of repo.streamOrders(ctx.db, filters)) {
    yield batch.map((o) => [
      o.order_no,
      o.participant_id,
      o.nickname ?? '',
      o.record_id,
      o.test_id,
      o.title_zh ?? '',
      o.title_en ?? '',
      o.amount_fen,
      o.channel,
      o.status,
      o.transaction_id ?? '',
      maskOpenid(o.payer_openid) ?? '',
      o.refunded_fen,
      o.created,
      o.paid ?? '',
      o.closed ?? '',
    ]);
  }
}

/**
 * The CSV rows as PostgreSQL writes them (`COPY`): through `copiedCsvStream`, the same bytes as `exportOrders`
 * through `csvStream`, without a round trip and a row object per batch. Undefined while other downloads hold
 * the connections set aside for them.
 */
export const copyOrders = (copyOut: NonNullable<Database['copyOut']>, filters: repo.OrderExportFilters) =>
  copyOut(repo.copyOrdersCsv(filters));

/** An XLSX is built in memory: past this many rows it is refused (CSV streams any number). */
export const ORDER_XLSX_MAX_ROWS = 20_000;

export const xlsxRows = (rows: AsyncIterable<CsvCell[][]>) =>
  cappedRows(rows, ORDER_XLSX_MAX_ROWS, () =>
    httpError(400, 'order.exportTooLarge', { maximum: ORDER_XLSX_MAX_ROWS }),
  );
