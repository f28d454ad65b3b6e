const CONTEXT = 3;

/** A text's lines without their `\n` (a `\r` stays with its line), and whether the last one ends in a line break. */
function linesOf(text: string): { lines: string[]; finalNewline: boolean } {
  if (text === '') return { lines: [], finalNewline: true };
  const finalNewline = text.endsWith('\n');
  const lines = text.split('\n');
  if (finalNewline) lines.pop();
  return { lines, finalNewline };
}

const NO_NEWLINE = '\\ No newline at end of file';

/**
 * A unified diff (as `git apply` and GNU `patch` read it) between two versions of a file whose edits keep
 * its lines, as `sunset fix` replacements do: changed lines are compared one to one, with three lines of
 * context and nearby hunks merged. Every byte of a line is kept, a `\r` of a CRLF file and a byte order mark
 * included, and a last line without a line break is marked `\ No newline at end of file`, so the patch
 * applies to the file exactly as it is.
 */
export function unifiedDiff(file: string, before: string, after: string): string {
  const old = linesOf(before);
  const fresh = linesOf(after);
  if (old.lines.length !== fresh.lines.length || old.finalNewline !== fresh.finalNewline)
    throw new Error(`${file}: unifiedDiff needs edits that keep the lines`);
  const changed = old.lines.flatMap((line, index) => (line === fresh.lines[index] ? [] : [index]));
  if (changed.length === 0) return '';
  const last = old.lines.length - 1;
  const hunks: [number, number][] = [];
  for (const index of changed) {
    const start = Math.max(0, index - CONTEXT);
    const end = Math.min(last, index + CONTEXT);
    const previous = hunks.at(-1);
    if (previous && start <= previous[1] + 1) previous[1] = end;
    else hunks.push([start, end]);
  }
  const out = [`--- a/${file}`, `+++ b/${file}`];
  /** A line of the hunk, and the marker after it when it is the file's last line and has no line break. */
  const emit = (prefix: string, line: string, index: number) => {
    out.push(`${prefix}${line}`);
    if (index === last && !old.finalNewline) out.push(NO_NEWLINE);
  };
  for (const [start, end] of hunks) {
    const count = end - start + 1;
    out.push(`@@ -${start + 1},${count} +${start + 1},${count} @@`);
    for (let index = start; index <= end; index++) {
      const before = old.lines[index] as string;
      const now = fresh.lines[index] as string;
      if (before === now) emit(' ', before, index);
      else {
        emit('-', before, index);
        emit('+', now, index);
      }
    }
  }
  return `${out.join('\n')}\n`;
}
