import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { type CsvCell, copiedCsvStream, csvStream, readCsv } from './csv.ts';

// Decoded by Buffer, which keeps the byte-order mark (TextDecoder would drop it).
const csvText = async (header: string[], rows: CsvCell[][]) =>
  (await buffer(csvStream(header, [rows]))).toString('utf8');

describe('csv', () => {
  it('writes a BOM and CRLF lines, quotes what needs quoting and defuses formulas', async () => {
    const row = [1, 'plain', 'a,b', 'say "hi"', 'two\nlines', null, '=SUM(A1)', '-1', -1, '@x', '\tx', true];
    expect(await csvText(['h'], [row])).toBe(
      '\uFEFFh\r\n1,plain,"a,b","say ""hi""","two\nlines",,\'=SUM(A1),\'-1,-1,\'@x,\'\tx,true\r\n',
    );
  });

  it("turns PostgreSQL's CSV (LF lines) into its own, wherever the chunks of it split", async () => {
    const rows = [
      ['a,b', 'say "hi"', 'two\nlines', null, '=x'],
      ['x\r\ny', '"', null, 'z\n', '-1'],
    ];
    // As `COPY ... TO STDOUT WITH (FORMAT csv)` writes these rows, formulas already defused.
    const copied = Buffer.from('"a,b","say ""hi""","two\nlines",,\'=x\n"x\r\ny","""",,"z\n",\'-1\n');
    const written = await csvText(['h1', 'h2'], rows);
    for (let size = 1; size <= copied.length; size++) {
      const chunks = Array.from({ length: Math.ceil(copied.length / size) }, (_, i) =>
        copied.subarray(i * size, (i + 1) * size),
      );
      const file = await buffer(copiedCsvStream(['h1', 'h2'], Readable.from(chunks)));
      expect(file.toString('utf8'), `chunks of ${size}`).toBe(written);
    }
  });

  it('reads back what it writes, with the line each record starts on, skipping blank lines', async () => {
    const written = `${await csvText(['h1', 'h2'], [['a', 'multi\nline']])}\nb,x`;
    expect(readCsv(written)).toEqual({
      records: [
        { line: 1, cells: ['h1', 'h2'] },
        { line: 2, cells: ['a', 'multi\nline'] },
        { line: 5, cells: ['b', 'x'] },
      ],
    });
  });

  it('reads a defused cell back without its apostrophe, and keeps other apostrophes', async () => {
    const row = [
      '=SUM(A1)',
      '+1',
      '-x',
      '@x',
      '\tx',
      '\rx',
      '＝x',
      '＋x',
      '－x',
      '＠x',
      "'plain",
      "'",
      "it's",
    ];
    const written = await csvText(['h'], [row]);
    expect(readCsv(written)).toEqual({
      records: [
        { line: 1, cells: ['h'] },
        { line: 2, cells: row },
      ],
    });
  });

  it('accepts LF or CRLF and a missing final newline, and reports an unclosed quote', () => {
    expect(readCsv('a,b\nc,"d"')).toEqual({
      records: [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['c', 'd'] },
      ],
    });
    expect(readCsv('a\r\n"open\r\nb')).toEqual({
      error: { line: 2, message: 'A quoted cell is not closed' },
    });
  });
});
