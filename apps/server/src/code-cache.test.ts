import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCached } from './code-cache.ts';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-cache-'));
  file = path.join(dir, 'app-1.cjs');
  fs.writeFileSync(
    file,
    `const { sep } = require('node:path');
     exports.where = __dirname + sep + require('node:path').basename(__filename);
     module.exports.add = (a, b) => a + b;`,
  );
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const cacheFile = () => `${file}.v8cache`;

describe('runCached', () => {
  it('runs the script as a CommonJS module of its directory', () => {
    const { exports } = runCached<{ where: string; add(a: number, b: number): number }>(file);
    expect(exports.where).toBe(file);
    expect(exports.add(2, 3)).toBe(5);
  });

  it('saves the compiled code once; the next run uses it and writes nothing', () => {
    runCached(file).saveCache();
    const saved = fs.statSync(cacheFile());
    expect(saved.size).toBeGreaterThan(0);
    fs.utimesSync(cacheFile(), new Date(0), new Date(0));
    runCached(file).saveCache();
    expect(fs.statSync(cacheFile()).mtimeMs).toBe(0);
  });

  it('replaces a cache V8 refuses (another Node version, a damaged file)', () => {
    fs.writeFileSync(cacheFile(), 'not a code cache');
    const { exports, saveCache } = runCached<{ add(a: number, b: number): number }>(file);
    expect(exports.add(1, 1)).toBe(2);
    saveCache();
    expect(fs.readFileSync(cacheFile(), 'utf8')).not.toBe('not a code cache');
    fs.utimesSync(cacheFile(), new Date(0), new Date(0));
    runCached(file).saveCache();
    expect(fs.statSync(cacheFile()).mtimeMs).toBe(0);
  });

  it('starts without a cache where none can be written', () => {
    fs.mkdirSync(cacheFile());
    const { exports, saveCache } = runCached<{ add(a: number, b: number): number }>(file);
    expect(() => saveCache()).not.toThrow();
    expect(exports.add(2, 2)).toBe(4);
    expect(fs.readdirSync(dir).sort()).toEqual(['app-1.cjs', 'app-1.cjs.v8cache']);
  });
});
