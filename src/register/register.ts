import type { ApiEndpoint } from '../schemas/api-endpoint.ts';
import type { NameCategory } from '../schemas/names.ts';
import type { Offering } from '../schemas/offering.ts';
import type { RegisterEntry } from '../schemas/register-entry.ts';
import type { RegisterData } from './load.ts';
import { compareReleaseParts, compareReleases, inRange, newestFirst, parseRelease, releaseParts } from './releases.ts';

/** Where an identifier is named: the entry and the category it is filed under. */
export interface NameHit {
  entry: RegisterEntry;
  category: NameCategory;
  name: string;
}

/** The typed register with the queries pages, the CLI and the reference implementation need. */
export interface Register extends RegisterData {
  /** An entry by id. */
  entry(id: string): RegisterEntry | undefined;
  /** An endpoint by id. */
  endpoint(id: string): ApiEndpoint | undefined;
  /** Entries of one area, newest removal first. */
  byArea(area: string): RegisterEntry[];
  /** Entries that take effect in one release. */
  byRelease(release: string): RegisterEntry[];
  /** Entries naming an identifier exactly (case-sensitive), with the category it is filed under. */
  byName(name: string): NameHit[];
  /** Entries with `from < removed_in <= to`, optionally only those that apply to an offering. */
  removedBetween(from: string, to: string, offering?: Offering): RegisterEntry[];
  /** Entries that touch an endpoint. */
  byEndpoint(endpointId: string): RegisterEntry[];
  /** Releases that have entries, newest first. */
  entryReleases(): string[];
  /** Whether a release is one the register accepts as input (see `releases.yaml`). */
  knowsRelease(release: string): boolean;
}

/**
 * Entry ids are lower-case letters, digits and hyphens (the id schema), which code-unit order sorts exactly
 * as `localeCompare` does, without loading the locale's collation data on every start of the CLI.
 */
function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorts entries newest removal first, then breaking first, then by id, so lists are stable. */
export function sortEntries(entries: readonly RegisterEntry[]): RegisterEntry[] {
  // Each release parsed once, not twice per comparison: the CLI sorts the register on every start.
  const keyed = entries.map((entry) => ({ entry, removed: releaseParts(entry.removed_in) }));
  keyed.sort(
    (a, b) =>
      compareReleaseParts(b.removed, a.removed) ||
      Number(b.entry.breaking) - Number(a.entry.breaking) ||
      byCodeUnit(a.entry.id, b.entry.id),
  );
  return keyed.map(({ entry }) => entry);
}

/** The register's index of names: every entry naming each identifier, with the category it is filed under. */
function nameIndex(entries: readonly RegisterEntry[]): Map<string, NameHit[]> {
  const names = new Map<string, NameHit[]>();
  for (const entry of entries) {
    for (const [category, list] of Object.entries(entry.names) as [NameCategory, string[]][]) {
      for (const name of list) {
        const hits = names.get(name) ?? [];
        hits.push({ entry, category, name });
        names.set(name, hits);
      }
    }
  }
  return names;
}

/**
 * Builds the register's indexes over loaded data. The endpoint and name indexes are built on first use, and
 * the data's fields are copied as they are defined rather than read: the package reads part of its data
 * only when a field is first read (see src/package/packaged-data.ts), which a check never does.
 */
export function createRegister(data: RegisterData): Register {
  const entries = sortEntries(data.entries);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  let endpointsById: Map<string, ApiEndpoint> | undefined;
  let names: Map<string, NameHit[]> | undefined;
  const majors = data.releases.map((release) => parseRelease(release.release)?.major ?? 0);
  const lowestMajor = Math.min(...majors);
  const highestMajor = Math.max(...majors);

  const fields = Object.defineProperties({}, Object.getOwnPropertyDescriptors(data)) as RegisterData;
  return Object.assign(fields, {
    entries,
    entry: (id: string) => byId.get(id),
    endpoint: (id: string) => {
      endpointsById ??= new Map(data.endpoints.map((endpoint) => [endpoint.id, endpoint]));
      return endpointsById.get(id);
    },
    byArea: (area: string) => entries.filter((entry) => entry.area === area),
    byRelease: (release: string) => entries.filter((entry) => compareReleases(entry.removed_in, release) === 0),
    byName: (name: string) => {
      names ??= nameIndex(entries);
      return names.get(name) ?? [];
    },
    removedBetween: (from: string, to: string, offering?: Offering) =>
      entries.filter((entry) => inRange(entry.removed_in, from, to) && (!offering || entry.offerings.includes(offering))),
    byEndpoint: (endpointId: string) => entries.filter((entry) => entry.endpoints.includes(endpointId)),
    entryReleases: () => newestFirst(new Set(entries.map((entry) => entry.removed_in))),
    knowsRelease: (release: string) => {
      const parts = parseRelease(release);
      return parts !== undefined && parts.major >= lowestMajor && parts.major <= highestMajor;
    },
  });
}
