import type { FastifyReply } from 'fastify';
import type { CsvCell } from './csv.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Sends rows as an XLSX download with a bold header. The file is built whole in memory (write-excel-file
 * needs every row), so callers cap how many rows they pass.
 */
export async function sendXlsx(
  reply: FastifyReply,
  name: string,
  sheetName: string,
  header: readonly string[],
  rows: readonly CsvCell[][],
) {
  const sheet = [
    header.map((c) => ({ value: c, fontWeight: 'bold' as const })),
    ...rows.map((row) =>
      row.map((cell) =>
        cell === '' || cell === null || cell === undefined
          ? null
          : {
              value: cell,
              type: typeof cell === 'number' ? Number : typeof cell === 'boolean' ? Boolean : String,
            },
      ),
    ),
  ];
  // Loaded on the first export rather than at every start.
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const file = await writeXlsxFile(sheet as never, { sheet: sheetName }).toBuffer();
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${name}.xlsx"`)
    .header('cache-control', 'no-store')
    .send(file);
}

/** Collects the rows of an XLSX export, refusing with `tooMany()` (before any byte is sent) past `maximum`. */
export async function cappedRows(
  batches: AsyncIterable<CsvCell[][]>,
  maximum: number,
  tooMany: () => Error,
): Promise<CsvCell[][]> {
  const all: CsvCell[][] = [];
  for await (const rows of batches) {
    if (all.length + rows.length > maximum) throw tooMany();
    all.push(...rows);
  }
  return all;
}
