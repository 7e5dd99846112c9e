import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { httpError } from '../../http/reply.ts';

/**
 * An uploaded XLSX is a ZIP, and a 2 MB ZIP can inflate to gigabytes. Before the spreadsheet library sees
 * it, the workbook's XML parts are inflated here against a hard cap (declared sizes can lie), the sheets'
 * row and column counts are checked (the library fills every gap up to the last row and column it meets),
 * and the library is handed a fresh, uncompressed ZIP of only those checked parts.
 */

/** What all the XML parts of a workbook may inflate to together. */
export const WORKBOOK_UNPACKED_MAX_BYTES = 40 * 1024 * 1024;
/** Rows and columns a question file may have (one row per option, at most 300 x 20, plus the header). */
export const QUESTION_FILE_MAX_ROWS = 10_000;
export const QUESTION_FILE_MAX_COLUMNS = 50;
const MAX_ENTRIES = 1_000;

const inflateRaw = promisify(zlib.inflateRaw);
const unreadable = () => httpError(400, 'file.unreadable');
const tooLarge = () =>
  httpError(413, 'file.unpackedTooLarge', { maximumMb: WORKBOOK_UNPACKED_MAX_BYTES / 2 ** 20 });

interface Part {
  name: string;
  data: Buffer;
}

/** The workbook's XML parts, inflated within the cap; a 413 past it, a 400 for what is not a plain ZIP. */
async function inflateParts(file: Buffer): Promise<Part[]> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > file.length) throw unreadable();
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  if (count > MAX_ENTRIES) throw unreadable();
  const parts: Part[] = [];
  let budget = WORKBOOK_UNPACKED_MAX_BYTES;
  for (let i = 0; i < count; i++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    const flags = file.readUInt16LE(at + 8);
    const method = file.readUInt16LE(at + 10);
    const packedSize = file.readUInt32LE(at + 20);
    const declaredSize = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const local = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    // The library reads only XML parts; images and the like are left out.
    if (!name.endsWith('.xml') && !name.endsWith('.xml.rels')) continue;
    // Encrypted parts and ZIP64 sizes have no place in a question file.
    if (flags & 1 || packedSize === 0xffffffff || (method !== 0 && method !== 8)) throw unreadable();
    if (declaredSize > budget) throw tooLarge();
    if (local + 30 > file.length || file.readUInt32LE(local) !== 0x04034b50) throw unreadable();
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const packed = file.subarray(start, start + packedSize);
    let data: Buffer;
    if (method === 0) data = packed;
    else {
      try {
        // The cap is enforced while inflating: past it zlib stops with a RangeError.
        data = await inflateRaw(packed, { maxOutputLength: budget + 1 });
      } catch (error) {
        if (error instanceof RangeError) throw tooLarge();
        throw unreadable();
      }
    }
    if (data.length > budget) throw tooLarge();
    budget -= data.length;
    parts.push({ name, data });
  }
  return parts;
}

const columnNumber = (letters: string) =>
  [...letters.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);

/** Refuses a sheet whose rows or cells reach past the limits (by count or by their `r` addresses). */
function checkSheetSize(xml: string) {
  let rows = 0;
  let lastRow = 0;
  let lastColumn = 0;
  for (const [, tag = '', attributes = ''] of xml.matchAll(/<(?:\w+:)?(row|c)\b([^>]*)>/g)) {
    const address = /\sr\s*=\s*["']([A-Za-z]*)(\d*)["']/.exec(attributes);
    if (tag === 'row') {
      rows++;
      lastRow = Math.max(lastRow, Number(address?.[2] ?? 0));
    } else if (address) {
      lastColumn = Math.max(lastColumn, columnNumber(address[1] ?? ''));
      lastRow = Math.max(lastRow, Number(address[2] ?? 0));
    }
    if (Math.max(rows, lastRow) > QUESTION_FILE_MAX_ROWS)
      throw httpError(400, 'file.tooManyRows', { maximum: QUESTION_FILE_MAX_ROWS });
    if (lastColumn > QUESTION_FILE_MAX_COLUMNS)
      throw httpError(400, 'file.tooManyColumns', { maximum: QUESTION_FILE_MAX_COLUMNS });
  }
}

/**
 * A ZIP of the parts, stored uncompressed (what the spreadsheet library is handed), or deflated where a part
 * brings its `packed` bytes; the headers give `data`'s size and checksum.
 */
export function zipArchive(parts: (Part & { packed?: Buffer })[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, packed = data } of parts) {
    const nameBytes = Buffer.from(name, 'utf8');
    const fields = Buffer.alloc(26);
    fields.writeUInt16LE(20, 0);
    fields.writeUInt16LE(0x0800, 2); // names are UTF-8
    fields.writeUInt16LE(packed === data ? 0 : 8, 4);
    fields.writeUInt32LE(zlib.crc32(data), 10);
    fields.writeUInt32LE(packed.length, 14);
    fields.writeUInt32LE(data.length, 18);
    fields.writeUInt16LE(nameBytes.length, 22);
    // The central entry repeats the local header's fields, then adds where the local header is.
    const local = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), fields]);
    const central = Buffer.concat([Buffer.from([0x50, 0x4b, 0x01, 0x02, 20, 0]), fields, Buffer.alloc(14)]);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The uploaded workbook made safe to parse: checked parts only, within the size, row and column limits. */
export async function checkedWorkbook(file: Buffer): Promise<Buffer> {
  const parts = await inflateParts(file);
  for (const part of parts) {
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(part.name)) checkSheetSize(part.data.toString('latin1'));
  }
  return zipArchive(parts);
}
