import { sunsetVersion } from '../check/version.ts';
import { type CliIo, EXIT, UsageError } from './cli-io.ts';
import { CONFIG_COMMANDS, withConfig } from './config-io.ts';
import { REGISTER_COMMANDS, withRegisterOption } from './register-option.ts';
import { type Command, runCommand } from './run-command.ts';

export { processIo } from './process-io.ts';

/** `sunset --help`. */
const MAIN_HELP = `Usage: sunset <command> [options]

Checks a repository against the platform's register of deprecations and removals.

Commands:
  check [paths…] --to <release>        find uses of what is removed or deprecated by a release
  fix [paths…] --to <release>          apply the register's one-to-one renames (--dry-run: a diff)
  plan --from <release> --to <release> print the upgrade checklist (Markdown, text or JSON)
  validate [paths…]                    validate funnel, visualization and dashboard definitions
  readiness REPORT… --out <dir>        gather many projects' check reports into a static site
  reference [--port <n>]               serve the reference implementation over HTTP (for SDK tests in CI)
  import <folder> --out <dir>          turn the platform's own deprecation data into a register folder

Options:
  -h, --help      help (also: sunset <command> --help)
  -v, --version   the version of sunset

check, fix, plan, validate and readiness also take --register <dir> (repeatable): the register
folder <dir>, such as sunset import writes, is read with the built-in register.

Exit codes: 0 clean, 1 findings or invalid definitions, 2 usage or input error.
`;

// Loaded on demand, so a check does not pay for the definition schemas `validate` needs, and so on.
const COMMANDS: Record<string, () => Promise<Command>> = {
  check: async () => (await import('./check-command.ts')).checkCommand,
  fix: async () => (await import('./fix-command.ts')).fixCommand,
  plan: async () => (await import('./plan-command.ts')).planCommand,
  validate: async () => (await import('./validate-command.ts')).validateCommand,
  readiness: async () => (await import('./readiness-command.ts')).readinessCommand,
  reference: async () => (await import('./reference-command.ts')).referenceCommand,
  import: async () => (await import('./import-command.ts')).importCommand,
};

/**
 * Runs the CLI with arguments (without `node` and the script) and returns the exit code. A usage error
 * outside a command (standard output that cannot be written to, for `--help` or `--version`) is one line
 * and exit 2, as inside one.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`sunset: ${error.message}\n`);
    return EXIT.usage;
  }
}

async function dispatch(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    io.stdout.write(MAIN_HELP);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  if (command === '-v' || command === '--version') {
    io.stdout.write(`${sunsetVersion()}\n`);
    return EXIT.ok;
  }
  const load = COMMANDS[command];
  if (!load) {
    io.stderr.write(
      `sunset: unknown command "${command}"; the commands are ${Object.keys(COMMANDS).join(', ')} (sunset --help)\n`,
    );
    return EXIT.usage;
  }
  const run = await load();
  let args = rest;
  let commandIo = io;
  if (CONFIG_COMMANDS.has(command)) ({ io: commandIo, args } = await withConfig(io, rest));
  // --register is every register-reading command's, so it is handled here, once, for all of them.
  return runCommand(REGISTER_COMMANDS.has(command) ? withRegisterOption(run) : run, args, commandIo);
}
