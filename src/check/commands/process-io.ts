import { loadCliRegister } from '../register-source.ts';
import type { CliIo } from './cli-io.ts';

/** The process's own streams, working directory, environment and register. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    env: process.env,
    loadRegister: () => loadCliRegister(),
  };
}
