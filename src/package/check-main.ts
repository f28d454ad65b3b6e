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

/**
 * Runs `sunset check` with its arguments (those after `check`) and returns the exit code. The folder's
 * settings file is read as the full CLI reads it; register folders it names load the merging code then only.
 */
export function runCheck(args: string[]): Promise<number> {
  return runCommand(
    async (given, io) => {
      const configured = await withConfig(io, given);
      if (!givesRegisterOption(configured.args)) return checkCommand(configured.args, configured.io);
      const { withRegisterOption } = await import('../cli/register-option.ts');
      return withRegisterOption(checkCommand)(configured.args, configured.io);
    },
    args,
    processIo(),
  );
}
