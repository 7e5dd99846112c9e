// Whether the built console and server are older than their sources; shared by start and test.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const TARGETS = [
  {
    workspace: '@cool/web',
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/h5.html',
      'apps/web/vite.config.ts',
      'packages/shared/src',
    ],
  },
  {
    workspace: '@cool/server',
    output: 'apps/server/dist/main.js',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'packages/shared/src'],
  },
];

function newestMtime(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) {
    if (
      entry === 'node_modules' ||
      entry === 'dist' ||
      entry.endsWith('.test.ts') ||
      entry.endsWith('.test.tsx')
    )
      continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** The workspaces whose build is missing or older than a source file, each with the reason. */
export function staleBuilds() {
  return TARGETS.flatMap(({ workspace, output, inputs }) => {
    const out = path.join(ROOT, output);
    if (!fs.existsSync(out)) return [{ workspace, reason: `${output} is missing` }];
    const built = fs.statSync(out).mtimeMs;
    const newest = Math.max(...inputs.map((p) => newestMtime(path.join(ROOT, p))));
    return newest > built ? [{ workspace, reason: 'sources changed since the last build' }] : [];
  });
}
