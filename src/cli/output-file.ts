/**
 * Files a command writes (reports, baselines): checked before the work starts, so a report path into a
 * missing folder fails at once, not after a long scan, and written with any fault told in one line (exit 2)
 * that names the path and what to do, never as a stack trace with exit 1, which a CI gate reads as findings.
 */
// Synchronous, like the rest of `check`: node:fs/promises would cost every run a few milliseconds to load.
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describeFault } from '../findings/file-fault.ts';
import { UsageError } from './cli-io.ts';

/** A file to write: as the user gave it (for messages), where it is, and what it holds (for messages). */
export interface OutputFile {
  /** As given on the command line. */
  given: string;
  absolute: string;
  /** What it holds, such as `json report` or `baseline`. */
  what: string;
}

/** Throws a {@link UsageError} unless `file` can be created or replaced: its folder exists and it is no folder. */
export function assertWritable(file: OutputFile): void {
  const problem = (reason: string) => new UsageError(`cannot write the ${file.what} to ${file.given}: ${reason}`);
  let info: ReturnType<typeof statSync>;
  try {
    info = statSync(file.absolute, { throwIfNoEntry: false });
  } catch (error) {
    throw problem(describeFault(error));
  }
  if (info?.isDirectory()) throw problem('it is a directory; give a file name, such as a name inside it');
  if (info) return;
  const folder = path.dirname(file.absolute);
  const shown = path.dirname(file.given);
  let parent: ReturnType<typeof statSync>;
  try {
    parent = statSync(folder, { throwIfNoEntry: false });
  } catch (error) {
    throw problem(describeFault(error));
  }
  if (!parent) throw problem(`the folder ${shown} does not exist; create it first (mkdir -p ${shown})`);
  if (!parent.isDirectory()) throw problem(`${shown} is a file, not a folder`);
}

/** Writes `text` to `file`, turning any file-system fault into a {@link UsageError} that says what and where. */
export function writeOutput(file: OutputFile, text: string): void {
  try {
    writeFileSync(file.absolute, text);
  } catch (error) {
    throw new UsageError(`cannot write the ${file.what} to ${file.given}: ${describeFault(error)}`);
  }
}
