import type { SourceText } from './source-text.ts';

/** What a `sunset-ignore` comment does: one line, a block start or end, or the whole file. */
export type IgnoreScope = 'line' | 'start' | 'end' | 'file';

/** One `sunset-ignore` comment found on a line. */
export interface IgnoreMarker {
  scope: IgnoreScope;
  ids: string[];
  /** True when nothing but whitespace comes before the comment, so it speaks about the next line. */
  ownLine: boolean;
}

// A comment opener of any common syntax, then `sunset-ignore`, an optional scope suffix, and the ids it names.
const MARKER = /(?:#|\/\/|\/\*|<!--|--|;|%|^\s*\*)[^\n]*?\bsunset-ignore(?:-(start|end|file))?(?![\w-])([^\n]*)/d;
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Reads the `sunset-ignore` comment of one line, if any. */
export function ignoreMarker(line: string): IgnoreMarker | undefined {
  const marker = MARKER.exec(line);
  if (!marker) return undefined;
  const scope = (marker[1] as IgnoreScope | undefined) ?? 'line';
  const rest = (marker[2] as string).replace(/^:/, '');
  if (scope !== 'end' && rest !== '' && !/^[ \t]/.test(rest)) return undefined;
  const ids: string[] = [];
  for (const token of rest.trim().split(/[\s,]+/)) {
    // A reason may follow the ids after a colon: `sunset-ignore some-id: why it is fine here`.
    const id = token.replace(/:$/, '');
    if (!ID.test(id)) break;
    ids.push(id);
    if (id !== token) break;
  }
  if (ids.length === 0 && scope !== 'end') return undefined;
  const opener = marker.indices?.[0]?.[0] ?? 0;
  return { scope, ids, ownLine: line.slice(0, opener).trim() === '' };
}

/** The ids a one-line `sunset-ignore` comment on one line names; empty when the line has none. */
export function ignoredOnLine(line: string): string[] {
  const marker = ignoreMarker(line);
  return marker?.scope === 'line' ? marker.ids : [];
}

/** Which findings a file's comments silence. */
export interface Suppressions {
  /** Whether a finding of rule `id` on a 1-based line is silenced. */
  covers(line: number, id: string): boolean;
}

const NONE: Suppressions = { covers: () => false };

/**
 * Reads every `sunset-ignore` comment of a file:
 * - `sunset-ignore <ids>` after code silences its own line only;
 * - `sunset-ignore <ids>` alone on a line silences the next line, and the lines that continue it with a
 *   trailing `\` (a command split over lines cannot hold a comment in its middle);
 * - `sunset-ignore-start <ids>` … `sunset-ignore-end` silences the lines between (to the end of the file
 *   when the block is not closed); an `-end` naming ids closes only those;
 * - `sunset-ignore-file <ids>` anywhere silences the ids in the whole file.
 */
export function readSuppressions(source: SourceText): Suppressions {
  if (!source.text.includes('sunset-ignore')) return NONE;
  const byLine = new Map<number, Set<string>>();
  const wholeFile = new Set<string>();
  const open = new Set<string>();
  const add = (line: number, ids: readonly string[]) => {
    const set = byLine.get(line) ?? new Set<string>();
    for (const id of ids) set.add(id);
    byLine.set(line, set);
  };
  const lines = source.text.split('\n');
  lines.forEach((text, index) => {
    const line = index + 1;
    const marker = text.includes('sunset-ignore') ? ignoreMarker(text) : undefined;
    if (marker?.scope === 'end') for (const id of marker.ids.length > 0 ? marker.ids : [...open.keys()]) open.delete(id);
    for (const id of open.keys()) add(line, [id]);
    if (!marker || marker.scope === 'end') return;
    if (marker.scope === 'file') for (const id of marker.ids) wholeFile.add(id);
    else if (marker.scope === 'start') for (const id of marker.ids) open.add(id);
    else if (!marker.ownLine) add(line, marker.ids);
    else {
      let next = line + 1;
      add(next, marker.ids);
      while (next <= lines.length && /\\\r?$/.test(lines[next - 1] as string)) add(++next, marker.ids);
    }
  });
  return { covers: (line, id) => wholeFile.has(id) || (byLine.get(line)?.has(id) ?? false) };
}
