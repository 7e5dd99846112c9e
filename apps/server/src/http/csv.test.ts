import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvLine, parseCsv } from './csv.ts';

describe('csv', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvLine([1, 'plain', 'a,b', 'say "hi"', 'two\nlines', null, '=SUM(A1)', '-1', -1])).toBe(
      '1,plain,"a,b","say ""hi""","two\nlines",,\'=SUM(A1),\'-1,-1\r\n',
    );
  });

  it('parses back what it writes, with the line each record starts on', () => {
    const text = `${CSV_BOM}${csvLine(['h1', 'h2'])}${csvLine(['a', 'multi\nline'])}\n${csvLine(['b', 'x'])}`;
    expect(parseCsv(text)).toEqual({
      records: [
        { line: 1, cells: ['h1', 'h2'] },
        { line: 2, cells: ['a', 'multi\nline'] },
        { line: 5, cells: ['b', 'x'] },
      ],
    });
  });

  it('accepts LF or CRLF and a missing final newline, and reports an unclosed quote', () => {
    expect(parseCsv('a,b\nc,"d"').records.map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseCsv('a\r\n"open\r\nb').error).toEqual({ line: 2, message: 'A quoted cell is not closed' });
  });
});
