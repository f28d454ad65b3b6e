import type { SkipNote } from '../check/scan/walk.ts';
import type { OutStream } from './cli-io.ts';
import { UsageError } from './cli-io.ts';

/** How many unreadable paths the one line names before it says how many more there are. */
const NAMED = 3;

/** The files and folders of a run's skip notes that could not be read. */
export function unreadableNotes(skipped: readonly SkipNote[]): SkipNote[] {
  return skipped.filter((note) => note.unreadable);
}

/**
 * Fails a run that could not read some of what it walked, unless the user opted out with
 * `--skip-unreadable`: a gate that passes a file it never read has not checked it, and a CI file made
 * unreadable by a bad checkout must not turn a red pipeline green. The error is one line that says how many
 * and where (the first few, with `--verbose` listing all on stderr before it) and what to do.
 */
export function failOnUnreadable(
  command: 'check' | 'fix',
  skipped: readonly SkipNote[],
  options: { skip: boolean; verbose: boolean; stderr: OutStream },
): void {
  const unreadable = unreadableNotes(skipped);
  if (unreadable.length === 0 || options.skip) return;
  if (options.verbose) for (const note of unreadable) options.stderr.write(`unreadable ${note.path}: ${note.reason}\n`);
  const named = unreadable.slice(0, NAMED).map((note) => `${note.path} (${note.reason})`);
  const more = unreadable.length - named.length;
  const list =
    more > 0 ? `${named.join(', ')} and ${more} more${options.verbose ? '' : ' (--verbose lists all)'}` : named.join(', ');
  const what = unreadable.length === 1 ? '1 file or folder' : `${unreadable.length} files or folders`;
  throw new UsageError(
    `${command} could not read ${what}, so they were not checked: ${list}; make them readable, leave them out in .sunsetignore, or pass --skip-unreadable`,
  );
}
