import type { Area } from '../schemas/area.ts';
import type { RegisterEntry } from '../schemas/register-entry.ts';
import type { ReleaseInfo } from '../schemas/releases-file.ts';
import type { UpgradeStop } from '../schemas/upgrade-stop.ts';

/**
 * Version of the shape of `/register.json` and `/releases/<r>.json`. Raised when a field is removed or
 * changes meaning; adding a field keeps it.
 */
export const REGISTER_JSON_SCHEMA_VERSION = 1;

/** An entry as published: the entry's fields plus the URL of its page. */
export type PublishedEntry = RegisterEntry & { url: string };

function publish(entry: RegisterEntry, siteUrl: string): PublishedEntry {
  return { ...entry, url: `${siteUrl.replace(/\/+$/, '')}/register/${entry.id}/` };
}

/** What `/register.json` holds besides the entries: the vocabularies entries refer to. */
export interface RegisterJsonContext {
  siteUrl: string;
  areas: readonly Area[];
  releases: readonly ReleaseInfo[];
  /** Required upgrade stops, where a merged register folder gives them (plans in the browser go through them). */
  upgradeStops?: readonly UpgradeStop[];
  /** Where merged registers disagree. */
  conflicts?: readonly { subject: string; registers: string[]; message: string }[];
}

/**
 * The whole register as JSON data: every entry with a schema version, plus the areas and releases, so a
 * client (such as the `/upgrade/` page) can build plans from this one file.
 */
export function buildRegisterJson(entries: readonly RegisterEntry[], context: RegisterJsonContext) {
  return {
    schema_version: REGISTER_JSON_SCHEMA_VERSION,
    count: entries.length,
    areas: context.areas,
    releases: context.releases,
    ...(context.upgradeStops?.length ? { upgrade_stops: context.upgradeStops } : {}),
    ...(context.conflicts?.length ? { conflicts: context.conflicts } : {}),
    entries: entries.map((entry) => publish(entry, context.siteUrl)),
  };
}

/** The shape of `/register.json`. */
export type RegisterJson = ReturnType<typeof buildRegisterJson>;

/** One release's entries as JSON data. */
export function buildReleaseJson(release: string, entries: readonly RegisterEntry[], siteUrl: string) {
  return {
    schema_version: REGISTER_JSON_SCHEMA_VERSION,
    release,
    count: entries.length,
    breaking: entries.filter((entry) => entry.breaking).length,
    entries: entries.map((entry) => publish(entry, siteUrl)),
  };
}

/**
 * A JSON response for a static endpoint: indented for readers, or `compact` for documents only code reads
 * (the in-browser reference's data, where every byte is on a console's first Send).
 */
export function jsonResponse(data: unknown, { compact = false } = {}): Response {
  const text = compact ? JSON.stringify(data) : JSON.stringify(data, null, 2);
  return new Response(`${text}\n`, { headers: { 'Content-Type': 'application/json' } });
}
