/**
 * The entry of the package's check script (`lib/check-script.js`): `sunset check` on its own, bundled into one
 * script without the other commands, which lib/cli.js runs through a code cache (see code-cached-script.ts).
 * `sunset check` runs in every pipeline, so it is the command whose start-up counts.
 */
import { checkCommand } from '../cli/check-command.ts';
import { processIo } from '../cli/process-io.ts';
import { runCommand } from '../cli/run-command.ts';

/** Runs `sunset check` with its arguments (those after `check`) and returns the exit code. */
export function runCheck(args: string[]): Promise<number> {
  return runCommand(checkCommand, args, processIo());
}
