/**
 * `--register <dir>`, the one option every command that reads the register shares: it adds a register
 * folder (written by `sunset import`, or by hand) to the built-in register, any number of times. It is
 * taken out of the arguments before a command parses its own, and the command's `io.loadRegister()` then
 * returns the merged register, so no command handles it itself. The merging code loads only when the
 * option is given: a plain `sunset check` starts as fast as before.
 */
import path from 'node:path';
import type { LoadedRegister } from '../check/register-source.ts';
import { type CliIo, UsageError } from './cli-io.ts';
import type { Command } from './run-command.ts';

export { givesRegisterOption } from './register-option-given.ts';

/** The commands that read the register and so take `--register`. */
export const REGISTER_COMMANDS: ReadonlySet<string> = new Set(['check', 'fix', 'plan', 'validate', 'readiness']);

/** Takes every `--register <dir>` and `--register=<dir>` out of the arguments, in order. */
export function takeRegisterOption(args: readonly string[]): { args: string[]; registers: string[] } {
  const rest: string[] = [];
  const registers: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '--') {
      rest.push(...args.slice(index));
      break;
    }
    if (arg.startsWith('--register=')) {
      registers.push(arg.slice('--register='.length));
    } else if (arg === '--register') {
      const value = args[index + 1];
      if (value === undefined || value.startsWith('-'))
        throw new UsageError('--register needs a folder, such as --register imported');
      registers.push(value);
      index++;
    } else rest.push(arg);
  }
  if (registers.some((dir) => dir.trim() === '')) throw new UsageError('--register needs a folder, such as --register imported');
  return { args: rest, registers };
}

/**
 * The io with `loadRegister()` returning the built-in register merged with the folders; conflicts between
 * registers are written to stderr once, as they are found.
 */
export function withRegisterFolders(io: CliIo, folders: readonly string[]): CliIo {
  let loading: Promise<LoadedRegister> | undefined;
  const load = async (): Promise<LoadedRegister> => {
    const base = await io.loadRegister();
    const { formatConflict, mergeRegisterFolders } = await import('../register/merge/register-folders.ts');
    const { register, conflicts } = await mergeRegisterFolders(base.register, folders, io.cwd);
    for (const conflict of conflicts) io.stderr.write(`sunset: ${formatConflict(conflict)}\n`);
    return { register, source: base.source, folders: folders.map((folder) => path.resolve(io.cwd, folder)) };
  };
  return {
    get stdout() {
      return io.stdout;
    },
    get stderr() {
      return io.stderr;
    },
    cwd: io.cwd,
    env: io.env,
    ...(io.config ? { config: io.config } : {}),
    loadRegister: () => {
      loading ??= load();
      return loading;
    },
  };
}

/** The command, taking `--register` out of its arguments and reading the folders it names. */
export function withRegisterOption(command: Command): Command {
  return (args, io) => {
    const { args: rest, registers } = takeRegisterOption(args);
    return command(rest, registers.length > 0 ? withRegisterFolders(io, registers) : io);
  };
}
