import type { RegisterEntry } from '../schemas/register-entry.ts';

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

/** The whole register as JSON data: every entry with a schema version. */
export function buildRegisterJson(entries: readonly RegisterEntry[], siteUrl: string) {
  return {
    schema_version: REGISTER_JSON_SCHEMA_VERSION,
    count: entries.length,
    entries: entries.map((entry) => publish(entry, siteUrl)),
  };
}

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

/** A JSON response for a static endpoint. */
export function jsonResponse(data: unknown): Response {
  return new Response(`${JSON.stringify(data, null, 2)}\n`, { headers: { 'Content-Type': 'application/json' } });
}
