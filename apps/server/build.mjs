// Bundles the server (with @cool/shared inlined) into dist/ (SERVER_OUT_DIR: elsewhere); npm dependencies stay
// external.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const outdir = process.env.SERVER_OUT_DIR ?? 'dist';
// Chunks are named by content: those of earlier builds would pile up. (They stay beside main.js: the
// code finds the worker and the migrations from its own directory.)
if (fs.existsSync(outdir))
  for (const file of fs.readdirSync(outdir))
    if (/^chunk-.*\.js(\.map)?$/.test(file)) fs.rmSync(path.join(outdir, file));

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@cool/shared');

await build({
  entryPoints: ['src/main.ts'],
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // main.ts loads the app with import(): its packages load in a chunk of their own, after the database started.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
fs.copyFileSync('src/db/pglite-worker.mjs', path.join(outdir, 'pglite-worker.mjs'));
