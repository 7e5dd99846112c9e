import { pipeline, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse/sync';
import { type Options, stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * The CSV the console's files use (RFC 4180): UTF-8 with a byte-order mark so spreadsheet apps read Chinese,
 * CRLF lines, and a cell starting with =, +, -, @, tab or CR prefixed with ' so spreadsheets do not run it as
 * a formula (negative numbers stay numbers).
 */
const WRITE: Options = {
  bom: true,
  record_delimiter: 'windows',
  quote_record_delimiter: true,
  escape_formulas: true,
  cast: { boolean: String },
};

/** The first characters `escape_formulas` defuses with a ' (csv-stringify 6: ASCII and full-width forms). */
const DEFUSED = /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A cell as it was before WRITE defused it, so an exported file imports back unchanged. */
const undefused = (cell: string) => (DEFUSED.test(cell) ? cell.slice(1) : cell);

export type CsvCell = string | number | boolean | null | undefined;

/** The rows as a CSV byte stream, the header first; the stream fails if reading the rows fails. */
export function csvStream(header: readonly string[], rows: AsyncIterable<CsvCell[]> | Iterable<CsvCell[]>) {
  const csv = stringify(WRITE);
  async function* all() {
    yield header;
    yield* rows;
  }
  // pipeline destroys `csv` with the error, which whoever reads it then sees.
  pipeline(Readable.from(all()), csv, () => {});
  return csv;
}

/**
 * Sends rows as a CSV download, streamed as they are read. The first rows are read before the status is
 * sent, so a query that fails answers with an error instead of a 200 and a cut-off file.
 */
export async function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<CsvCell[]>,
) {
  const source = rows[Symbol.asyncIterator]();
  const first = await source.next();
  async function* primed() {
    if (first.done) return;
    yield first.value;
    yield* { [Symbol.asyncIterator]: () => source };
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csvStream(header, primed()));
}

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  cells: string[];
}

/**
 * Parses CSV text (quoted cells may span lines) into its non-blank records with the line each starts on,
 * dropping the ' that WRITE puts before a formula-like cell.
 * Parsing stops at the first record past `limits` (`tooMany` says which), before the rest takes memory.
 */
export function readCsv(
  text: string,
  limits: { rows: number; columns: number } = {
    rows: Number.POSITIVE_INFINITY,
    columns: Number.POSITIVE_INFINITY,
  },
): { records: CsvRecord[] } | { error: { line: number; message: string } } | { tooMany: 'rows' | 'columns' } {
  const records: CsvRecord[] = [];
  let tooMany: 'rows' | 'columns' | undefined;
  let seen = 0;
  // A record starts on the line after the one the previous record (blank ones included) ended on.
  let ended = 0;
  try {
    parse(text, {
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      on_record: (cells: string[], { lines }) => {
        // Blank records count too: a file of empty lines costs as much to parse.
        if (++seen > limits.rows) tooMany = 'rows';
        else if (cells.length > limits.columns) tooMany = 'columns';
        else if (!(cells.length === 1 && cells[0] === ''))
          records.push({ line: ended + 1, cells: cells.map(undefused) });
        if (tooMany) throw new RangeError(`More ${tooMany} than allowed`);
        ended = lines;
        return null;
      },
    });
  } catch (error) {
    if (tooMany) return { tooMany };
    if (!(error instanceof CsvError)) throw error;
    const message = error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'A quoted cell is not closed' : error.message;
    return { error: { line: ended + 1, message } };
  }
  return { records };
}
