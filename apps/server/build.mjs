// Bundles the server into dist/ (SERVER_OUT_DIR: elsewhere): main.js, the entry, and serve-<hash>.cjs, the
// app with @cool/shared and its npm packages inlined, which main.js compiles with V8's code cache (see
// src/code-cache.ts).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const outdir = process.env.SERVER_OUT_DIR ?? 'dist';
// Scripts are named by content: those of earlier builds, and their caches, would pile up. (They stay beside
// main.js: the code finds the worker and the migrations from its own directory.)
if (fs.existsSync(outdir))
  for (const file of fs.readdirSync(outdir))
    if (/^(chunk|serve)-.*\.c?js(\.map|\.v8cache(\.\d+)?)?$/.test(file)) fs.rmSync(path.join(outdir, file));

// Loaded from node_modules as they are: native code, the engine (run on a thread of its own from the worker
// file), the password list (found by its package's path) and packages a start does not load (mail, QR codes,
// argon2, S3, spreadsheets: loaded at first use). The job queue is inside: it loads as the server starts
// serving, and from node_modules it compiled a second pg besides.
const EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite-socket',
  '@node-rs/argon2',
  '@aws-sdk/client-s3',
  'fxa-common-password-list',
  'nodemailer',
  'qrcode',
  'read-excel-file',
  'write-excel-file',
  // pg's optional native binding, never installed.
  'pg-native',
];

/** A package file that reads files beside itself (swagger-ui's page) still finds them in node_modules. */
const ownDirname = {
  name: 'own-dirname',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.js$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('__dirname')) return undefined;
      const dir = path.relative(path.resolve(outdir), path.dirname(args.path));
      return {
        contents: `var __dirname = require("node:path").join(__import_meta.dirname, ${JSON.stringify(dir)});${source}`,
        loader: 'js',
      };
    });
  },
};

/**
 * pg asks whether it runs in Cloudflare's Workers when it loads: with no `navigator` there it builds a
 * `Response`, and the first read of that global loads Node's fetch (undici, ~20 ms of a start). A server
 * never runs there, so the check answers no. Fails the build if a pg release changes the check.
 */
const nodeOnlyPg = {
  name: 'node-only-pg',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const check = 'function isCloudflareRuntime() {';
      if (!source.includes(check)) throw new Error(`${args.path}: pg's runtime check changed`);
      return { contents: source.replace(check, `${check}\n  return false`), loader: 'js' };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
};

// One script, not ES modules: Node 20 keeps no compiled code for modules, while a script's can be cached
// (vm.Script's cachedData). Hundreds of package files in one also spare a start resolving and reading each.
const app = await build({
  ...common,
  entryPoints: ['src/serve.ts'],
  outdir,
  format: 'cjs',
  entryNames: '[name]-[hash]',
  outExtension: { '.js': '.cjs' },
  external: [...EXTERNAL, ...EXTERNAL.map((name) => `${name}/*`)],
  // import() of a package left out becomes require() (each has a CommonJS entry): a script compiled by vm
  // has no loader for import().
  supported: { 'dynamic-import': false },
  define: { 'import.meta': '__import_meta' },
  banner: {
    js: 'const __import_meta = { dirname: __dirname, url: require("node:url").pathToFileURL(__filename).href };',
  },
  // Less to read and hash at every start; names stay (Fastify names plugins and errors by them).
  minifyWhitespace: true,
  minifySyntax: true,
  metafile: true,
  plugins: [nodeOnlyPg, ownDirname],
});
const script = Object.keys(app.metafile.outputs).find((file) => file.endsWith('.cjs'));

// The entry starts the embedded engine's thread before it runs the app's script; it needs no package.
await build({
  ...common,
  entryPoints: ['src/main.ts'],
  outdir,
  format: 'esm',
  packages: 'external',
  define: { SERVE_SCRIPT: JSON.stringify(path.basename(script)) },
});
fs.copyFileSync('src/db/pglite-worker.mjs', path.join(outdir, 'pglite-worker.mjs'));
