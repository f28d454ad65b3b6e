import type { SourceText } from './source-text.ts';

/** A line that ends in `\` (shells) or a backtick (PowerShell) goes on on the next line. */
const CONTINUED = /[\\`]\s*$/;
/** How many lines a logical line is followed either way, so a run of continuations stays cheap. */
const MAX_LINES = 50;

/** The first and last 1-based lines of the logical line that holds `line`: one command split with `\`. */
export function logicalLine(source: SourceText, line: number): { first: number; last: number } {
  let first = line;
  while (first > 1 && line - first < MAX_LINES && CONTINUED.test(source.lineText(first - 1))) first--;
  let last = line;
  while (last - line < MAX_LINES && CONTINUED.test(source.lineText(last))) last++;
  return { first, last };
}
