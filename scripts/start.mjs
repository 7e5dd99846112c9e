#!/usr/bin/env node
// `npm start`: builds whatever is missing or stale, then runs the server (console + API in one process).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, staleBuilds } from './build-state.mjs';

for (const { workspace, reason } of staleBuilds()) {
  console.log(`Building ${workspace} (${reason})...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(path.join(ROOT, 'apps/server/dist/main.js')).href);
