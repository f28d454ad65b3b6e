import { loadCliRegister } from '../check/register-source.ts';
import type { CliIo } from './cli-io.ts';

/**
 * The process's own streams, working directory, environment and register. The streams are taken when first
 * written to: Node builds each on first use, and a check that goes well never writes to stderr.
 */
export function processIo(): CliIo {
  return {
    get stdout() {
      return process.stdout;
    },
    get stderr() {
      return process.stderr;
    },
    cwd: process.cwd(),
    env: process.env,
    loadRegister: () => loadCliRegister(),
  };
}
