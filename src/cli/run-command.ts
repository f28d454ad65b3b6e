import { describeFault, faultCode } from '../findings/file-fault.ts';
import { ContentError } from '../register/content-error.ts';
import { type CliIo, EXIT, UsageError } from './cli-io.ts';

/** A `sunset` command: its arguments (after the command's name) in, its exit code out. */
export type Command = (args: string[], io: CliIo) => Promise<number>;

/** Verbs for the file-system calls a fault can come from, for "cannot <verb> <path>". */
const VERBS: Record<string, string> = {
  open: 'open',
  read: 'read',
  write: 'write',
  mkdir: 'create the folder',
  scandir: 'list the folder',
  rmdir: 'remove the folder',
  rm: 'remove',
  unlink: 'remove',
  rename: 'rename',
  stat: 'read',
  lstat: 'read',
  copyfile: 'copy',
};

/**
 * Runs a command and turns the errors a user can cause into one line on stderr and exit 2: a usage error,
 * a register whose content does not load, and a file-system fault no command told in its own words (a
 * path that cannot be read or written is the user's to fix, and a stack trace with exit 1 would read as
 * findings to a CI gate). Anything else is a bug and is thrown on.
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
    const fault = error as NodeJS.ErrnoException;
    if (faultCode(error) && typeof fault.path === 'string') {
      const verb = VERBS[fault.syscall ?? ''] ?? 'use';
      io.stderr.write(`sunset: cannot ${verb} ${fault.path}: ${describeFault(error)}\n`);
      return EXIT.usage;
    }
    throw error;
  }
}
