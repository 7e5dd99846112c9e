import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

export interface CachedScript<T> {
  exports: T;
  /** Keeps the code compiled so far for the next run, unless that run's cache was used. */
  saveCache(): void;
}

/**
 * Runs a CommonJS script with V8's code cache for it, kept beside it in `<file>.v8cache`: a run then skips
 * parsing and compiling what the run that saved the cache compiled. (Node 20 caches no compiled code by
 * itself.) The file's name must change with its content: V8 checks only a cached source's length.
 */
export function runCached<T>(file: string): CachedScript<T> {
  // Node maps stack traces to the sources (--enable-source-maps) only in the modules it loads itself.
  if (process.sourceMapsEnabled) return { exports: createRequire(file)(file), saveCache() {} };
  const cacheFile = `${file}.v8cache`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    // None yet: this run saves one.
  }
  // Wrapped as Node wraps a module, on the script's first line: line numbers (and source maps) still match.
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname) {${fs.readFileSync(file, 'utf8')}\n})`,
    { filename: file, cachedData },
  );
  const module = { exports: {} as T };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
  return {
    exports: module.exports,
    saveCache() {
      if (cachedData && !script.cachedDataRejected) return;
      // Written whole, then renamed: servers starting together never read half a cache.
      const temp = `${cacheFile}.${process.pid}`;
      try {
        fs.writeFileSync(temp, script.createCachedData());
        fs.renameSync(temp, cacheFile);
      } catch {
        // A read-only directory: every start compiles the script.
        fs.rmSync(temp, { force: true });
      }
    },
  };
}
