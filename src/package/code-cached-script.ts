/**
 * Runs a bundled script with a V8 code cache taken after the script has run, so the cache holds the
 * bytecode of every function the run called. Node's own compile cache (`module.enableCompileCache()`) is
 * taken when a module is compiled, before any of its functions run, so it holds little more than each
 * module's top level, and every function a command calls is compiled again on every start.
 *
 * The script is esbuild's `cjs` output, run as the body of a function that receives `require`, `module`
 * and the script's own URL in place of `import.meta.url`. Its cache sits in Node's compile cache directory,
 * which is already kept apart per Node version, architecture and V8 flags. V8 checks only the length of
 * the source a cache was made from, so the cache's name carries the build's hash of the script and the
 * file's modification time: an upgrade or an edit of the installed file never meets a stale cache. A cache
 * that V8 rejects anyway is written again; without a compile cache directory (`NODE_DISABLE_COMPILE_CACHE`)
 * the script runs uncached.
 */

// Node's modules are taken rather than imported: an `import` of node:fs builds all its exports, which loads
// file streams and fs/promises that a check never uses.
const { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } = process.getBuiltinModule('node:fs');
const { createRequire, getCompileCacheDir } = process.getBuiltinModule('node:module');
const path = process.getBuiltinModule('node:path');
const { fileURLToPath } = process.getBuiltinModule('node:url');
const { Script } = process.getBuiltinModule('node:vm');

/** The parameter that stands for `import.meta.url` in a script (the build defines it so). */
export const SCRIPT_URL_PARAMETER = '__sunsetScriptUrl';

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes the cache beside its final name and renames it, so a concurrent run never reads half a file. */
function writeCache(file: string, data: Buffer): void {
  const partial = `${file}.${process.pid}`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(partial, data);
    renameSync(partial, file);
  } catch {
    // A cache that cannot be written only makes the next start slower.
  }
}

/** What became of a script's code cache: used, to be made at exit (none yet, or V8 rejected it), or off. */
export type CacheUse = 'used' | 'made' | 'off';

/**
 * Runs the script at `url`, whose text the build hashed as `hash`, and returns what it exports. `keep` says,
 * at exit, how much of the script the run called: 0 for a run whose compiled code later runs should not
 * start from (it only printed help), 1 for an ordinary run, 2 for one that went further (a check with
 * findings formats them, which a clean one never does). A cache is made once per level, and a run that
 * went further than the cache it started from makes the cache of its level, so a check with findings
 * does not compile its findings' code on every start because the first run happened to be clean.
 */
export function runCodeCachedScript<Exports>(
  url: URL,
  hash: string,
  keep: () => number | boolean = () => true,
): { exports: Exports; cache: CacheUse } {
  const filename = fileURLToPath(url);
  const source = readFileSync(filename, 'utf8');
  const cacheDir = getCompileCacheDir();
  const stem =
    cacheDir === undefined
      ? undefined
      : path.join(cacheDir, `sunset-${hash}-${Math.trunc(statSync(filename).mtimeMs).toString(36)}`);
  const cacheFile = (level: number) => (level > 1 ? `${stem}-${level}.cache` : `${stem}.cache`);
  let cachedLevel = 0;
  let cachedData: Buffer | undefined;
  for (const level of stem === undefined ? [] : [MAX_LEVEL, 1]) {
    cachedData = readCache(cacheFile(level));
    if (cachedData) {
      cachedLevel = level;
      break;
    }
  }
  const compiled = new Script(`(function (exports, require, module, ${SCRIPT_URL_PARAMETER}) {${source}\n})`, {
    filename,
    ...(cachedData ? { cachedData } : {}),
  });
  let cache: CacheUse = 'off';
  if (stem !== undefined) {
    const used = cachedData !== undefined && !compiled.cachedDataRejected;
    cache = used ? 'used' : 'made';
    const from = used ? cachedLevel : 0;
    // Taken at exit, once the command has called what it needs.
    process.once('exit', () => {
      const level = Math.min(MAX_LEVEL, Number(keep()));
      if (level > from) writeCache(cacheFile(level), compiled.createCachedData());
    });
  }
  const module = { exports: {} as Exports };
  compiled.runInThisContext()(module.exports, createRequire(url), module, url.href);
  return { exports: module.exports, cache };
}

/** The highest level of a cache (see {@link runCodeCachedScript}). */
const MAX_LEVEL = 2;
