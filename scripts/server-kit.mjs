// Loads some of the server's TypeScript modules into a script (`npm run demo`, `npm run secrets:rotate`):
// bundled like the server's own build, into dist/ where the embedded database finds its worker and
// migrations, npm packages left external. `exports` is the body of a module of `export ... from` lines,
// paths relative to apps/server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ROOT } from './build-state.mjs';

const SERVER = path.join(ROOT, 'apps/server');
const DIST = path.join(SERVER, 'dist');

export async function loadServerKit(name, exports) {
  if (!fs.existsSync(path.join(DIST, 'pglite-worker.mjs'))) {
    const result = spawnSync('npm', ['run', 'build', '-w', '@cool/server'], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(SERVER, 'package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((dependency) => dependency !== '@cool/shared');
  const kit = path.join(DIST, `${name}-kit-${process.pid}.mjs`);
  await build({
    stdin: { contents: exports, resolveDir: SERVER, loader: 'ts' },
    outfile: kit,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: [...external, ...external.map((dependency) => `${dependency}/*`)],
    logLevel: 'warning',
  });
  try {
    return await import(pathToFileURL(kit).href);
  } finally {
    fs.rmSync(kit);
  }
}
