import type { SourceText } from './source-text.ts';

// A comment opener of any common syntax, then `sunset-ignore` and the ids it names.
const MARKER = /(?:#|\/\/|\/\*|<!--|--|;|%|^\s*\*)[^\n]*?\bsunset-ignore\b:?[ \t]+([^\n]*)/;
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The ids a `sunset-ignore` comment on one line names; empty when the line has none. */
export function ignoredOnLine(line: string): string[] {
  const marker = MARKER.exec(line);
  if (!marker) return [];
  const ids: string[] = [];
  for (const token of (marker[1] as string).split(/[\s,]+/)) {
    // A reason may follow the ids after a colon: `sunset-ignore some-id: why it is fine here`.
    const id = token.replace(/:$/, '');
    if (!ID.test(id)) break;
    ids.push(id);
    if (id !== token) break;
  }
  return ids;
}

/**
 * Whether a finding of `id` on a 1-based line is suppressed: a comment naming the id on the same line or
 * on the line above (`# sunset-ignore ci-job-jwt-removed`, `// sunset-ignore a, b`, `<!-- sunset-ignore a -->`).
 */
export function isSuppressed(source: SourceText, line: number, id: string): boolean {
  return ignoredOnLine(source.lineText(line)).includes(id) || (line > 1 && ignoredOnLine(source.lineText(line - 1)).includes(id));
}
