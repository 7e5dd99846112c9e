// Page weight floors, built in the same run as the app they compare with (scripts/bench/floor/): each a
// production Vite build of one screen in one file, weighed as the app's pages are (gzip -9 of its JavaScript).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const FLOOR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'floor');

async function weighBuild(entry) {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-floor-'));
  try {
    await build({
      root: FLOOR,
      configFile: false,
      logLevel: 'silent',
      plugins: [react()],
      build: {
        outDir,
        modulePreload: { polyfill: false },
        rolldownOptions: { input: path.join(FLOOR, entry), output: { codeSplitting: false } },
      },
    });
    let bytes = 0;
    for (const file of fs.readdirSync(outDir, { recursive: true }))
      if (String(file).endsWith('.js'))
        bytes += zlib.gzipSync(fs.readFileSync(path.join(outDir, String(file))), { level: 9 }).length;
    return bytes / 1024;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/** KiB gzip of the login floor, the bare console floor and that console with the stack's libraries. */
export async function floorWeights() {
  return {
    login: await weighBuild('login.tsx'),
    console: await weighBuild('console.tsx'),
    stack: await weighBuild('stack.tsx'),
  };
}
