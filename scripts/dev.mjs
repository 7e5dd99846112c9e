#!/usr/bin/env node
// `npm run dev`: the API server (rebuilt and restarted when its sources change) plus Vite's hot-reloading
// console on http://localhost:5173, which proxies /api to the server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './build-state.mjs';

const children = new Set();
const run = (command, args, options = {}) => {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
};

let server;
let restarting = false;
async function restartServer() {
  if (restarting) return;
  restarting = true;
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  const build = run('npm', ['run', 'build', '-w', '@cool/server']);
  const code = await new Promise((resolve) => build.on('exit', resolve));
  if (code === 0) server = run('node', ['--enable-source-maps', 'apps/server/dist/main.js']);
  restarting = false;
}

await restartServer();
let timer;
for (const dir of ['apps/server/src', 'packages/shared/src']) {
  fs.watch(path.join(ROOT, dir), { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(restartServer, 300);
  });
}
run('npm', ['run', 'dev', '-w', '@cool/web']);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
