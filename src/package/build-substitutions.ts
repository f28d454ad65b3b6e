/**
 * How built code differs from the sources, as plain data and pure functions that scripts/build-cli.ts
 * feeds to esbuild: which modules are swapped for their packaged stand-ins, and how worker threads are
 * found and pointed at built files.
 */

/** Modules (relative to `src/`) that read the clone's files, with the packaged module that replaces each. */
export const PACKAGED_STAND_INS: Readonly<Record<string, string>> = {
  'check/register-source.ts': 'package/packaged-register-source.ts',
  'check/version.ts': 'package/packaged-version.ts',
  'reference/reference-source.ts': 'package/packaged-reference-source.ts',
  'readiness/readiness-styles.ts': 'package/packaged-readiness-styles.ts',
};

/**
 * `new Worker(new URL('./<module>.ts', import.meta.url))`, the one way the sources start a worker thread,
 * optionally with options held in a variable (`…, options)`), which must not set `workerData`: the
 * one-file build names the worker there.
 */
const WORKER_START = /new Worker\(new URL\((['"])\.\/([\w-]+)\.ts\1, import\.meta\.url\)(?:, ([A-Za-z_$][\w$]*))?\)/g;

/** The worker modules a source file starts (names without `.ts`, relative to the file's folder). */
export function workerModules(source: string): string[] {
  return [...source.matchAll(WORKER_START)].map((match) => match[2] as string);
}

/** Where built code finds a worker: a file of its own in `lib/`, or the one file itself, told which worker it is. */
export type WorkerLayout = 'files' | 'one-file';

/**
 * Workers built as one CommonJS script each (`lib/<worker>.cjs`), with everything they need: a thread that
 * loads ES modules first builds Node's module loader and links each shared chunk, which delayed the scan
 * worker's first read by tens of milliseconds on a large check. The others share the chunks of
 * `lib/` as ES modules (the readiness workers would repeat over half a megabyte of them).
 */
export const SCRIPT_WORKERS: ReadonlySet<string> = new Set(['scan-worker']);

/** The file in `lib/` that holds a worker. */
export const builtWorkerFile = (name: string): string => (SCRIPT_WORKERS.has(name) ? `${name}.cjs` : `${name}.js`);

/** The key in `workerData` that tells the one-file build which worker a thread is. */
export const WORKER_DATA_KEY = 'sunsetWorker';

/**
 * Rewrites a source's worker starts for built code. Throws when the source starts a worker in another way,
 * so a new kind of worker start fails the build instead of failing at run time.
 */
export function rewriteWorkerStarts(source: string, file: string, layout: WorkerLayout): string {
  const starts = source.split('new Worker(').length - 1;
  if (starts !== workerModules(source).length) {
    throw new Error(
      `${file}: starts a worker thread in a way the build cannot rewrite; use new Worker(new URL('./<module>.ts', import.meta.url))`,
    );
  }
  return source.replace(WORKER_START, (_match, _quote, name: string, options: string | undefined) =>
    layout === 'files'
      ? `new Worker(new URL('./${builtWorkerFile(name)}', import.meta.url)${options ? `, ${options}` : ''})`
      : `new Worker(new URL(import.meta.url), { ${options ? `...${options}, ` : ''}workerData: { ${WORKER_DATA_KEY}: ${JSON.stringify(name)} } })`,
  );
}
