import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { httpError } from '../../http/reply.ts';

/**
 * An uploaded XLSX is a ZIP, and a 2 MB ZIP can inflate to gigabytes. Before the spreadsheet library sees
 * it, the workbook's XML parts are inflated here against a hard cap (declared sizes can lie), every part's
 * rows and cells are counted as the library reads them (it fills every gap up to the last row and column it
 * meets), and the library is handed a fresh, uncompressed ZIP of only those checked parts.
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

/** The start tags of an XML part, found as the library's XML parser (saxen) finds them. */
function* startTags(xml: string): Generator<{ name: string; attributes: string }> {
  let at = xml.indexOf('<');
  while (at >= 0) {
    let end: number;
    if (xml.startsWith('<![CDATA[', at)) end = xml.indexOf(']]>', at) + 2;
    else if (xml.startsWith('<!--', at)) end = xml.indexOf('-->', at) + 2;
    else if (xml[at + 1] === '?') end = xml.indexOf('?>', at) + 1;
    else {
      // The tag ends at the first `>` outside quotes; a quote with no partner is taken as it is.
      end = -1;
      for (let x = at + 1; x < xml.length; x++) {
        const c = xml[x];
        if (c === '"' || c === "'") x = Math.max(x, xml.indexOf(c, x + 1));
        else if (c === '>') {
          end = x;
          break;
        }
      }
      if (end < 0) return;
      if (xml[at + 1] !== '/' && xml[at + 1] !== '!') {
        const tag = xml.slice(at + 1, xml[end - 1] === '/' ? end - 1 : end);
        const space = tag.search(/[ \t\n\v\f\r]/);
        yield space < 0
          ? { name: tag, attributes: '' }
          : { name: tag.slice(0, space), attributes: tag.slice(space) };
      }
    }
    if (end < at) return;
    at = xml.indexOf('<', end + 1);
  }
}

/**
 * A name without its namespace prefix as the library takes it off: everything up to the first colon
 * (for attributes, a leading `xmlns:` is kept and the next colon counts).
 */
function localName(name: string, attribute: boolean) {
  const from = attribute && name.startsWith('xmlns:') ? 6 : 0;
  const colon = name.indexOf(':', from);
  return colon < 0 ? name : name.slice(colon + 1);
}

const ENTITIES: Record<string, string> = { amp: '&', apos: "'", gt: '>', lt: '<', quot: '"' };
/** The `r` attribute values of a tag, entities decoded as the library does; every candidate, to be safe. */
function addresses(attributes: string): string[] {
  const found: string[] = [];
  for (const [, name = '', double, single] of attributes.matchAll(
    /(?:^|\s)([^\s=]+)=(?:"([^"]*)"|'([^']*)')/g,
  )) {
    if (localName(name, true) !== 'r') continue;
    found.push(
      (double ?? single ?? '').replace(
        /&#(\d+);|&#x([0-9a-f]+);|&(\w+);/gi,
        (entity, decimal?: string, hex?: string, named?: string) =>
          named !== undefined
            ? (ENTITIES[named.toLowerCase()] ?? entity)
            : String.fromCharCode(decimal !== undefined ? Number(decimal) : Number.parseInt(hex!, 16)),
      ),
    );
  }
  return found;
}

/** A cell address as the library reads it: [row, column], letters counted from `@` whatever they are. */
function cellAddress(address: string): [number, number] | null {
  let column = 0;
  for (let i = 0; i < address.length; i++) {
    const code = address.charCodeAt(i);
    if (code >= 48 && code <= 57) return [Number(address.slice(i)), column];
    column = column * 26 + code - 64;
  }
  return null;
}

/**
 * Refuses a part whose rows or cells reach past the limits, by count or by their `r` addresses. The library
 * fills every gap up to the last row and column it meets, so this reads the part the way it does: any
 * element whose name is `row` or `c` after a namespace prefix (`<x-1:c>`), any attribute named `r` after
 * one, addresses with entities decoded, and row numbers as `Number()` reads them (`1e9`, `Infinity`).
 */
function checkSheetSize(xml: string) {
  const tooManyRows = () => httpError(400, 'file.tooManyRows', { maximum: QUESTION_FILE_MAX_ROWS });
  let rows = 0;
  for (const tag of startTags(xml)) {
    const name = localName(tag.name, false);
    if (name === 'row') {
      if (++rows > QUESTION_FILE_MAX_ROWS) throw tooManyRows();
      for (const address of addresses(tag.attributes))
        if (Number(address) > QUESTION_FILE_MAX_ROWS) throw tooManyRows();
    } else if (name === 'c') {
      for (const address of addresses(tag.attributes)) {
        const [row, column] = cellAddress(address) ?? [0, 0];
        if (row > QUESTION_FILE_MAX_ROWS) throw tooManyRows();
        if (column > QUESTION_FILE_MAX_COLUMNS)
          throw httpError(400, 'file.tooManyColumns', { maximum: QUESTION_FILE_MAX_COLUMNS });
      }
    }
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
  // Every part, decoded as the library decodes it: the workbook's relationships may name any part as its sheet.
  const utf8 = new TextDecoder();
  for (const part of parts) checkSheetSize(utf8.decode(part.data));
  return zipArchive(parts);
}
