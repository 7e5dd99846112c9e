// The console's files as the server sends them: the scripts and styles index.html loads, with a browser's
// Accept-Encoding, against the same files brotli-compressed at the highest quality (the floor).
import zlib from 'node:zlib';
import { figure, request } from './lib.mjs';

export async function assets(ctx) {
  const shell = await request(`${ctx.origin}/`, { headers: { 'accept-encoding': 'identity' } });
  if (shell.status !== 200) return [figure('console assets', 'skipped: no built console (npm run build)')];
  const files = [...shell.body.toString().matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1],
  );
  let wire = 0;
  let raw = 0;
  let floor = 0;
  let cached = true;
  for (const file of files) {
    const sent = await request(`${ctx.origin}${file}`, {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    const plain = await request(`${ctx.origin}${file}`, { headers: { 'accept-encoding': 'identity' } });
    wire += sent.body.length;
    raw += plain.body.length;
    floor += zlib.brotliCompressSync(plain.body).length;
    cached &&=
      /accept-encoding/i.test(sent.headers.vary ?? '') &&
      /immutable/.test(sent.headers['cache-control'] ?? '');
  }
  const kib = (n) => n / 1024;
  return [
    figure(`index.html's scripts and styles on the wire (${files.length} files)`, kib(wire), 'KiB', {
      floor: kib(floor),
      budget: '<= 1.05 x floor',
      pass: wire <= 1.05 * floor,
      note: `${kib(raw).toFixed(0)} KiB uncompressed`,
    }),
    figure('hashed assets: Vary: Accept-Encoding, immutable', cached ? 'yes' : 'no', '', {
      pass: cached,
      note: `index.html cache-control: ${shell.headers['cache-control']}`,
    }),
  ];
}
