// Apart from register-option.ts, which loads the CLI's option parsing: the package's entry asks this on
// every start, before it knows which code a command needs.

/** Whether a command's arguments give `--register` (before a `--`), without parsing them. */
export function givesRegisterOption(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === '--register' || arg.startsWith('--register=')) return true;
  }
  return false;
}
