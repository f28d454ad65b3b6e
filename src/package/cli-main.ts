/**
 * The built CLI's entry: checks the Node version, turns on the compile cache and runs the `sunset` command
 * with the process's arguments. bin/sunset.js and `sunset.mjs` both end up here.
 */
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** The oldest Node the built code runs on (package.json `engines`). */
const MINIMUM = [22, 12] as const;

/** Runs `sunset` with `process.argv` and sets the exit code. */
export async function runCli(): Promise<void> {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1])) {
    process.stderr.write(`sunset needs Node ${MINIMUM.join('.')} or later; this is Node ${process.versions.node}\n`);
    process.exitCode = 2;
    return;
  }
  // Reuse compiled code between runs; the variable passes the same cache on to the scan's worker threads.
  process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'sunset-compile-cache');
  module.enableCompileCache?.(process.env.NODE_COMPILE_CACHE);
  const { main, processIo } = await import('../check/cli.ts');
  process.exitCode = await main(process.argv.slice(2), processIo());
}
