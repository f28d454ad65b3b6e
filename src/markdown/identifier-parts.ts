/** Whether a text may break before `text[at]`: see {@link identifierParts}. */
function breaksBefore(text: string, at: number): boolean {
  const before = text[at - 2] ?? '';
  const separator = text[at - 1] ?? '';
  const after = text[at] ?? '';
  // A URL's scheme (`https://`) and its user part (`<key>@host`) end where a DSN may break.
  if (text.slice(at - 3, at) === '://' || (separator === '@' && /\w/.test(before))) return /\w/.test(after);
  if (!/[_/.-]/.test(separator) || !/[\w}\]]/.test(before) || !/[\w{:$]/.test(after)) return false;
  return !(separator === '.' && /\d/.test(before) && /\d/.test(after));
}

/**
 * An identifier cut where it may break on a narrow screen: after each `_`, `/`, `.` or `-` that sits between
 * word characters (`CI_JOB_JWT`, `/api/v4/projects`, `TrackedEvents.count`), and in a URL after its scheme
 * and its user part; never inside a version number (`18.0`); between letters only between the words of a
 * camel-case name longer than {@link LONG_CAMEL}. Joined again, the parts are the identifier.
 */
export function identifierParts(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let at = 2; at < text.length; at++) {
    if (!breaksBefore(text, at)) continue;
    parts.push(text.slice(start, at));
    start = at;
  }
  parts.push(text.slice(start));
  return parts.flatMap(camelParts);
}

/** A part longer than this may also break between the words of its camel case. */
export const LONG_CAMEL = 24;

/**
 * A long camel-case name cut before each capital that follows a small letter
 * (`dependencyProxy|Total|Size|In|Bytes`): wider than a phone's table cell, it would push the cell out.
 * Shorter names (`previousStageJobsOrNeeds`) stay whole.
 */
function camelParts(part: string): string[] {
  if (part.length <= LONG_CAMEL) return [part];
  return part.split(/(?<=[a-z])(?=[A-Z])/);
}
