import { once } from 'node:events';
import { pipeline, Readable, Transform } from 'node:stream';
import { CsvError, parse } from 'csv-parse/sync';
import type { FastifyReply } from 'fastify';

/**
 * The CSV the console's files use (RFC 4180): UTF-8 with a byte-order mark so spreadsheet apps read Chinese,
 * CRLF lines, and a text cell starting with =, +, -, @, tab or CR (or their full-width forms) prefixed with '
 * so spreadsheets do not run it as a formula (numbers stay numbers). Exports written in SQL defuse the same.
 */
export const FORMULA_LEADS = '=+-@\t\r\uFF1D\uFF0B\uFF0D\uFF20';
const isFormula = (text: string) => text !== '' && FORMULA_LEADS.includes(text[0]!);
const NEEDS_QUOTES = /[",\r\n]/;

/** A cell as it was before writing defused it, so an exported file imports back unchanged. */
const undefused = (cell: string) => (cell.startsWith("'") && isFormula(cell.slice(1)) ? cell.slice(1) : cell);

export type CsvCell = string | number | boolean | null | undefined;

function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = isFormula(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: readonly CsvCell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Lines are sent in chunks of about this many characters, not one write each. */
const CHUNK = 64 * 1024;

/** Rows in batches, as exports read them. */
export type CsvBatches = AsyncIterable<CsvCell[][]> | Iterable<CsvCell[][]>;

/** The rows as a CSV byte stream, the header first; the stream fails if reading the rows fails. */
export function csvStream(header: readonly string[], batches: CsvBatches) {
  async function* chunks() {
    let chunk = `\uFEFF${csvLine(header)}`;
    for await (const rows of batches) {
      for (const row of rows) chunk += csvLine(row);
      if (chunk.length >= CHUNK) {
        yield chunk;
        chunk = '';
      }
    }
    yield chunk;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * Sends rows as a CSV download, streamed as they are read. The first rows are read before the status is
 * sent, so a query that fails answers with an error instead of a 200 and a cut-off file.
 */
export async function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  batches: AsyncIterable<CsvCell[][]>,
) {
  const source = batches[Symbol.asyncIterator]();
  const first = await source.next();
  async function* primed() {
    if (first.done) return;
    yield first.value;
    yield* { [Symbol.asyncIterator]: () => source };
  }
  return download(reply, filename).send(csvStream(header, primed()));
}

const download = (reply: FastifyReply, filename: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');

const LF = 0x0a;
const QUOTE = 0x22;
const CR = Buffer.from('\r');

/**
 * PostgreSQL's CSV lines (LF) as this writer's (CRLF). A LF inside a quoted cell stays as it is, as `csvCell`
 * keeps it: quotes come in pairs (a quote inside a cell is doubled), so their count tells whether a LF is
 * inside a cell.
 */
function crlfLines() {
  let quoted = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const parts: Buffer[] = [];
      let start = 0;
      let quote = chunk.indexOf(QUOTE);
      for (let lf = chunk.indexOf(LF); lf !== -1; lf = chunk.indexOf(LF, lf + 1)) {
        for (; quote !== -1 && quote < lf; quote = chunk.indexOf(QUOTE, quote + 1)) quoted = !quoted;
        if (quoted) continue;
        parts.push(chunk.subarray(start, lf), CR);
        start = lf;
      }
      for (; quote !== -1; quote = chunk.indexOf(QUOTE, quote + 1)) quoted = !quoted;
      parts.push(chunk.subarray(start));
      done(null, Buffer.concat(parts));
    },
  });
}

/**
 * Rows PostgreSQL wrote as CSV (`COPY ... TO STDOUT WITH (FORMAT csv)`, each cell as `csvCell` would write
 * it) as `csvStream` writes them: BOM and header first, CRLF lines. The stream fails if `rows` fails.
 */
export function copiedCsvStream(header: readonly string[], rows: Readable): Readable {
  const lines = crlfLines();
  lines.push(`\uFEFF${csvLine(header)}`);
  // Its errors reach the reader through `lines`, which the pipeline destroys with them.
  return pipeline(rows, lines, () => {});
}

/** `sendCsv` for rows PostgreSQL writes as CSV (`copiedCsvStream`). */
export async function sendCopiedCsv(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  rows: Readable,
) {
  // As in `sendCsv`: a statement that fails at once answers with an error, not a 200 and a cut-off file.
  await once(rows, 'readable');
  return download(reply, filename).send(copiedCsvStream(header, rows));
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
