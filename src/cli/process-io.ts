import { loadCliRegister } from '../check/register-source.ts';
import { describeFault, faultCode } from '../findings/file-fault.ts';
import { type CliIo, type OutStream, UsageError } from './cli-io.ts';

/** A write to standard output that failed (a full disk, an I/O error): exit 2, one line, never a stack trace. */
export class OutputStreamError extends UsageError {
  constructor(error: unknown) {
    super(`cannot write to standard output: ${describeFault(error)}`);
    this.name = 'OutputStreamError';
  }
}

/**
 * The process's standard output, guarded. Redirected to a file, Node writes synchronously and a full disk
 * throws from `write` (a stack trace and exit 1, which a CI gate reads as findings); to a pipe, a fault
 * comes later as an `error` event (an uncaught exception). Both become one line and exit 2, except a
 * closed pipe (`sunset plan … | head`): the reader wanted no more, so the rest is dropped quietly and
 * the exit code stays the command's.
 */
export function guardedStdout(stream: NodeJS.WriteStream, stderr: () => OutStream): OutStream {
  let closed = false;
  stream.on('error', (error) => {
    if (closed) return;
    closed = true;
    if (faultCode(error) === 'EPIPE') return;
    stderr().write(`sunset: ${new OutputStreamError(error).message}\n`);
    process.exitCode = 2;
  });
  return {
    get isTTY() {
      return stream.isTTY;
    },
    write(text: string) {
      if (closed) return false;
      try {
        return stream.write(text);
      } catch (error) {
        closed = true;
        if (faultCode(error) === 'EPIPE') return false;
        throw new OutputStreamError(error);
      }
    },
  };
}

/**
 * The process's own streams, working directory, environment and register. The streams are taken when first
 * written to: Node builds each on first use, and a check that goes well never writes to stderr.
 */
export function processIo(): CliIo {
  let stdout: OutStream | undefined;
  return {
    get stdout() {
      stdout ??= guardedStdout(process.stdout, () => process.stderr);
      return stdout;
    },
    get stderr() {
      return process.stderr;
    },
    cwd: process.cwd(),
    env: process.env,
    loadRegister: () => loadCliRegister(),
  };
}
