import { fstatSync, writeSync } from 'node:fs';
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
  // To a file or a device such as /dev/full, Node's stream writes synchronously but reports a fault only
  // later, as an event, while the command goes on writing; writing the descriptor directly (what the stream
  // does) makes the fault stop the command where it happened.
  const direct = directFd(stream);
  stream.on('error', (error) => {
    if (closed) return;
    closed = true;
    if (faultCode(error) === 'EPIPE') return;
    stderr().write(`sunset: ${new OutputStreamError(error).message}\n`);
    // The command may have returned its code before the fault arrived, or return it after: the exit
    // handler has the last word, so no later code turns the failed write into a pass or into "findings".
    process.once('exit', () => {
      process.exitCode = 2;
    });
  });
  return {
    get isTTY() {
      return stream.isTTY;
    },
    write(text: string) {
      if (closed) return false;
      try {
        if (direct === undefined) return stream.write(text);
        writeAll(direct, text);
        return true;
      } catch (error) {
        closed = true;
        if (faultCode(error) === 'EPIPE') return false;
        throw new OutputStreamError(error);
      }
    },
  };
}

/** The descriptor of a stream that goes to a file or a device other than a terminal, else undefined. */
function directFd(stream: NodeJS.WriteStream): number | undefined {
  const fd = (stream as { fd?: unknown }).fd;
  if (typeof fd !== 'number' || stream.isTTY) return undefined;
  try {
    const info = fstatSync(fd);
    return info.isFile() || info.isCharacterDevice() ? fd : undefined;
  } catch {
    return undefined;
  }
}

/** Writes all of `text` to a descriptor, however many calls it takes. */
function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
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
