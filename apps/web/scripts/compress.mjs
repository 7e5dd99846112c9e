#!/usr/bin/env node
// Run after `vite build` (`npm run build`): writes `<file>.br` and `<file>.gz` beside each text asset of the
// built console, so the server sends them precompressed (@fastify/static `preCompressed`) instead of
// compressing on every request or not at all. Usage: node scripts/compress.mjs [distDir]
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
// Below this a compressed copy saves less than a network packet.
const MIN_BYTES = 1024;

const dist = path.resolve(process.argv[2] ?? 'dist');

const files = fs
  .readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));

let compressed = 0;
let before = 0;
let after = 0;
await Promise.all(
  files.map(async (file) => {
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) return;
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    // A variant that is not smaller is not written: the server then sends the file itself.
    if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
    compressed++;
    before += body.length;
    after += Math.min(br.length, body.length);
  }),
);
console.log(
  `compressed ${compressed} files in ${dist}: ` +
    `${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB brotli`,
);
