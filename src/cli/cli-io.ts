import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { LoadedRegister } from '../check/register-source.ts';
import type { SunsetConfig } from '../schemas/sunset-config.ts';

/** A stream the CLI writes to. */
export interface OutStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Everything a command touches outside itself, passed in so tests run commands in-process. */
export interface CliIo {
  stdout: OutStream;
  stderr: OutStream;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Loads the register (the bundle or content/). */
  loadRegister(): Promise<LoadedRegister>;
  /** The folder's settings (`.sunset.yml` or package.json's `sunset`), for the commands that read them. */
  config?: SunsetConfig;
}

/** Exit codes: 0 clean, 1 findings (or invalid definitions), 2 usage or input error. */
export const EXIT = { ok: 0, findings: 1, usage: 2 } as const;

/** A mistake in how the command was called or in its input; printed without a stack, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Parses options strictly, turning node's parse errors into usage errors that name the command. */
export function parseOptions<T extends NonNullable<ParseArgsConfig['options']>>(command: string, args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    throw new UsageError(`${message}; see sunset ${command} --help`);
  }
}

/** Checks that an option's value is one of a list. */
export function oneOf<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${option} "${value}" is not one of ${allowed.join(', ')}`);
  }
  return value as T;
}
