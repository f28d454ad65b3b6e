import { ContentError } from '../../register/content-error.ts';
import { type CliIo, EXIT, UsageError } from './cli-io.ts';

/** A `sunset` command: its arguments (after the command's name) in, its exit code out. */
export type Command = (args: string[], io: CliIo) => Promise<number>;

/**
 * Runs a command and turns the two errors a user can cause into a message on stderr and exit 2: a usage
 * error, and a register whose content does not load. Anything else is a bug and is thrown on.
 */
export async function runCommand(command: Command, args: string[], io: CliIo): Promise<number> {
  try {
    return await command(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`sunset: ${error.message}\n`);
      return EXIT.usage;
    }
    if (error instanceof ContentError) {
      io.stderr.write(`sunset: the register's content does not load:\n${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
}
