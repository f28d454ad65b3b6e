/**
 * The entry of the package's check script (`lib/check-script.js`): `sunset check` on its own, bundled into one
 * script without the other commands, which lib/cli.js runs through a code cache (see code-cached-script.ts).
 * `sunset check` runs in every pipeline, so it is the command whose start-up counts.
 */
import { checkCommand } from '../cli/check-command.ts';
import { withConfig } from '../cli/config-io.ts';
import { processIo } from '../cli/process-io.ts';
import { givesRegisterOption } from '../cli/register-option-given.ts';
import { runCommand } from '../cli/run-command.ts';

/** What {@link runCheck} returns when the check needs register folders: the full CLI runs it instead. */
export const NEEDS_FULL_CLI = -1;

/**
 * Runs `sunset check` with its arguments (those after `check`) and returns the exit code. The folder's
 * settings file is read as the full CLI reads it; when it (or a flag) names register folders, the merging code
 * this script leaves out is needed, and it returns {@link NEEDS_FULL_CLI} having written nothing.
 */
export function runCheck(args: string[]): Promise<number> {
  return runCommand(
    async (given, io) => {
      const configured = await withConfig(io, given);
      if (givesRegisterOption(configured.args)) return NEEDS_FULL_CLI;
      return checkCommand(configured.args, configured.io);
    },
    args,
    processIo(),
  );
}
