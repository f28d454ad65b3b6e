const CONTEXT = 3;

/**
 * A unified diff (as `diff -u` and `git apply` read it) between two versions of a file whose edits keep
 * its line count, as `sunset fix` replacements do: changed lines are compared one to one, with three lines
 * of context and nearby hunks merged.
 */
export function unifiedDiff(file: string, before: string, after: string): string {
  const old = before.split('\n');
  const fresh = after.split('\n');
  if (old.length !== fresh.length) throw new Error(`${file}: unifiedDiff needs edits that keep the line count`);
  const changed = old.flatMap((line, index) => (line === fresh[index] ? [] : [index]));
  if (changed.length === 0) return '';
  const hunks: [number, number][] = [];
  for (const index of changed) {
    const start = Math.max(0, index - CONTEXT);
    const end = Math.min(old.length - 1, index + CONTEXT);
    const last = hunks.at(-1);
    if (last && start <= last[1] + 1) last[1] = end;
    else hunks.push([start, end]);
  }
  // A final empty element is the text's trailing line break, not a line.
  const lastLine = old.at(-1) === '' ? old.length - 2 : old.length - 1;
  const lines = [`--- a/${file}`, `+++ b/${file}`];
  for (const [start, rawEnd] of hunks) {
    const end = Math.min(rawEnd, lastLine);
    const count = end - start + 1;
    lines.push(`@@ -${start + 1},${count} +${start + 1},${count} @@`);
    for (let index = start; index <= end; index++) {
      if (old[index] === fresh[index]) lines.push(` ${old[index]}`);
      else lines.push(`-${old[index]}`);
      if (old[index] !== fresh[index]) lines.push(`+${fresh[index]}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
