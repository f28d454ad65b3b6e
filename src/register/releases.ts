import { RELEASE_PATTERN } from '../schemas/release-pattern.ts';

/** A release split into numbers. */
export interface ReleaseParts {
  major: number;
  minor: number;
}

/**
 * Releases parsed so far: a site build compares the same few dozen releases hundreds of thousands of times (sorting and
 * filtering thousands of entries on every release and upgrade page). Bounded, since a long-running process
 * may be asked about any text; the parts are frozen, as callers share them.
 */
const parsed = new Map<string, Readonly<ReleaseParts> | undefined>();
const MAX_PARSED = 4096;

/** Parses `"16.10"` into `{major: 16, minor: 10}`; returns undefined for anything else. */
export function parseRelease(text: string): Readonly<ReleaseParts> | undefined {
  const known = parsed.get(text);
  if (known !== undefined || parsed.has(text)) return known;
  const match = RELEASE_PATTERN.exec(text.trim());
  const parts = match ? Object.freeze({ major: Number(match[1]), minor: Number(match[2]) }) : undefined;
  if (parsed.size >= MAX_PARSED) parsed.clear();
  parsed.set(text, parts);
  return parts;
}

/** Whether the text is a well-formed release number. */
export function isRelease(text: string): boolean {
  return parseRelease(text) !== undefined;
}

/** Parses a release that must be one; throws a RangeError naming it otherwise. */
export function releaseParts(release: string): ReleaseParts {
  const parts = parseRelease(release);
  if (!parts) throw new RangeError(`"${release}" is not a release; releases look like "17.0" or "16.10"`);
  return parts;
}

/** Compares parsed releases by major, then minor: negative, zero or positive, like a sort comparator. */
export function compareReleaseParts(left: ReleaseParts, right: ReleaseParts): number {
  return left.major - right.major || left.minor - right.minor;
}

/** Compares releases numerically by major, then minor: negative, zero or positive, like a sort comparator. */
export function compareReleases(a: string, b: string): number {
  return compareReleaseParts(releaseParts(a), releaseParts(b));
}

/** Whether `release` lies in the half-open range `(from, to]`: after `from`, up to and including `to`. */
export function inRange(release: string, from: string, to: string): boolean {
  return compareReleases(release, from) > 0 && compareReleases(release, to) <= 0;
}

/** Sorts releases newest first (a copy). */
export function newestFirst<T extends string>(releases: Iterable<T>): T[] {
  return [...releases].sort((a, b) => compareReleases(b, a));
}

/** The major release (`"17.0"`) a release belongs to. */
export function majorOf(release: string): string {
  return `${releaseParts(release).major}.0`;
}
