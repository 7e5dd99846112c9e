/** CSV for exports and imports (RFC 4180), UTF-8 with a byte-order mark so spreadsheet apps read Chinese. */

export const CSV_BOM = '\uFEFF';

/** One cell; a leading =, +, - or @ is prefixed with ' so spreadsheets do not run it as a formula. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: readonly unknown[]): string => `${values.map(csvCell).join(',')}\r\n`;

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  cells: string[];
}

/** Parses CSV text into records, with the line each starts on; quoted cells may span lines. */
export function parseCsv(input: string): { records: CsvRecord[]; error?: { line: number; message: string } } {
  const text = input.startsWith(CSV_BOM) ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
      i++;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += c;
    i++;
  }
  if (quoted) return { records, error: { line: start, message: 'A quoted cell is not closed' } };
  if (cell !== '' || cells.length > 0) endRecord();
  return { records };
}
