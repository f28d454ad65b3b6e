/**
 * The built CLI's entry: checks the Node version, turns on the compile cache and runs the `sunset` command
 * with the process's arguments. bin/sunset.js and `sunset.mjs` both end up here. In the package, `sunset
 * check` runs from its own script with a code cache (see check-main.ts); every other command, and `sunset.mjs`,
 * loads the CLI's modules.
 */

import { enableCompileCache } from '../../bin/compile-cache-dir.js';
import { givesRegisterOption } from '../cli/register-option-given.ts';
import { runCodeCachedScript } from './code-cached-script.ts';

/** Set by the build: a hash of the package's check script, `undefined` in `sunset.mjs`, which has none. */
declare const SUNSET_CHECK_SCRIPT_HASH: string | undefined;

/** The package's script of `sunset check` alone (entry: check-main.ts), in `lib/` beside this code. */
export const CHECK_SCRIPT_FILE = 'check-script.js';

/** The oldest Node the built code runs on (package.json `engines`). */
const MINIMUM = [22, 12] as const;

/** Runs `sunset` with `process.argv` and sets the exit code. */
export async function runCli(): Promise<void> {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1])) {
    process.stderr.write(
      `sunset needs Node ${MINIMUM.join('.')} or later, and this is Node ${process.versions.node} (${process.execPath}): install Node ${MINIMUM.join('.')}+ and put it first on PATH\n`,
    );
    process.exitCode = 2;
    return;
  }
  // Reuse compiled code between runs (bin/sunset.js has already, unless this is `sunset.mjs`).
  enableCompileCache();
  const [command, ...rest] = process.argv.slice(2);
  // A check with --register reads register folders, which the check script leaves out: it runs in full below.
  if (command === 'check' && typeof SUNSET_CHECK_SCRIPT_HASH === 'string' && !givesRegisterOption(rest)) {
    const script = new URL(`./${CHECK_SCRIPT_FILE}`, import.meta.url);
    // A check that ran (exit 0 or 1) has compiled what later checks run; help or a usage error has not. One
    // that found something (exit 1) also compiled how findings are reported: its cache holds more.
    const ran = () =>
      rest.some((arg) => arg === '-h' || arg === '--help') ? 0 : process.exitCode === 1 ? 2 : process.exitCode === 0 ? 1 : 0;
    const { runCheck, NEEDS_FULL_CLI } = runCodeCachedScript<typeof import('./check-main.ts')>(
      script,
      SUNSET_CHECK_SCRIPT_HASH,
      ran,
    ).exports;
    const code = await runCheck(rest);
    // The settings file named register folders: the full CLI below reads them.
    if (code !== NEEDS_FULL_CLI) {
      process.exitCode = code;
      return;
    }
  }
  const { main, processIo } = await import('../cli/cli.ts');
  process.exitCode = await main(process.argv.slice(2), processIo());
}
