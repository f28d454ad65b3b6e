/**
 * What an endpoint page hands its console: the endpoint's method, path, parameters with their examples, the
 * token it suggests, the body examples and schema, and the releases and register entries that change its
 * answers. Built when the page is built, so the console reads no content at run time.
 */

import { compareReleases, newestFirst } from '../register/releases.ts';
import type { ApiEndpoint } from '../schemas/api-endpoint.ts';
import type { RejectRule } from '../schemas/enforcement-rule.ts';
import { ORIGIN_KEY, REFERENCE_KEYWORDS_KEY } from '../schemas/json-schema-object.ts';
import type { RegisterEntry } from '../schemas/register-entry.ts';
import { DEMO_TOKEN, DEMO_TOKENS } from './demo-world.ts';

/** A parameter field of the console. */
export interface ConsoleField {
  name: string;
  /** Prefilled value: the parameter's example, as text; empty when it has none. */
  value: string;
  required: boolean;
}

/** A body example, as the text the body box is filled with. */
export interface ConsoleBodyExample {
  summary: string;
  text: string;
}

/** An entry of the register that changes the endpoint's answers from a release. */
export interface ConsoleChange {
  id: string;
  title: string;
  removed_in: string;
  announced_in?: string;
}

/** Everything the console needs, serialised into the page. */
export interface ConsoleData {
  id: string;
  method: string;
  path: string;
  pathParams: ConsoleField[];
  query: ConsoleField[];
  /** Header parameters other than the access token. */
  headers: ConsoleField[];
  /** `private-token` endpoints take a demo token; the others send none. */
  tokenAuth: boolean;
  /** The token preselected: the example's, else the least privileged demo token the scopes allow. */
  token: string;
  body?: { contentType: string; json: boolean; schema?: Record<string, unknown>; examples: ConsoleBodyExample[] };
  /** Whether the in-browser reference serves the endpoint; if not, only the reader's instance can answer. */
  served: boolean;
  releases: string[];
  /** The newest release the register knows. */
  newestRelease: string;
  /**
   * The release the console answers as until the reader picks one: `''` for the newest, or, where a change
   * refuses the console's first request from some release on, the last release before that, so the first
   * answer shows the endpoint working (the page names the change and the release it refuses from).
   */
  release: string;
  /** The change that refuses the first request in the newest release, when `release` is not the newest. */
  refusedBy?: ConsoleChange;
  changes: ConsoleChange[];
}

const asText = (value: unknown) => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

function suggestedToken(endpoint: ApiEndpoint): string {
  const example = endpoint.parameters.find(
    (parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'private-token',
  )?.example;
  if (typeof example === 'string' && (DEMO_TOKENS as readonly string[]).includes(example)) return example;
  // No demo user owns a group or project: an owner's action is the administrator's to try.
  if (endpoint.auth.min_role === 'administrator' || endpoint.auth.min_role === 'owner') return DEMO_TOKEN.admin;
  const readable = endpoint.auth.scopes.length === 0 || endpoint.auth.scopes.includes('read_api');
  if (readable && endpoint.method === 'GET') return DEMO_TOKEN.read;
  return DEMO_TOKEN.maintainer;
}

const underPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** Whether an entry's enforcement acts on the endpoint: a reject rule naming it, or a rate limit over its path. */
export function actsOn(entry: RegisterEntry, endpoint: ApiEndpoint): boolean {
  return (entry.enforcement ?? []).some((rule) =>
    rule.kind === 'reject'
      ? rule.endpoint === endpoint.id
      : rule.path_prefixes.some((prefix) => underPrefix(endpoint.path, prefix)),
  );
}

/** Whether a reject rule concerns a request with these query values and this body (a JSON object's fields). */
function rejects(rule: RejectRule, query: ConsoleField[], body: string | undefined): boolean {
  const when = rule.when;
  if (!when) return true;
  if (when.query_all && !when.query_all.every((name) => query.some((field) => field.name === name && field.value !== '')))
    return false;
  if (when.body_any) {
    let fields: unknown;
    try {
      fields = JSON.parse(body ?? '');
    } catch {
      return false;
    }
    if (typeof fields !== 'object' || fields === null || !when.body_any.some((name) => Object.hasOwn(fields as object, name)))
      return false;
  }
  return true;
}

/** The earliest change that refuses the console's first request, and the last release before it. */
function firstRefusal(
  endpoint: ApiEndpoint,
  entries: readonly RegisterEntry[],
  releases: readonly string[],
  query: ConsoleField[],
  body: string | undefined,
): { release: string; entry: RegisterEntry } | undefined {
  const refusing = entries
    .filter((entry) =>
      (entry.enforcement ?? []).some(
        (rule) => rule.kind === 'reject' && rule.endpoint === endpoint.id && rejects(rule, query, body),
      ),
    )
    .sort((a, b) => compareReleases(a.removed_in, b.removed_in));
  const entry = refusing[0];
  if (!entry) return undefined;
  const before = newestFirst(releases).find((release) => compareReleases(release, entry.removed_in) < 0);
  return before ? { release: before, entry } : undefined;
}

const changeOf = (entry: RegisterEntry): ConsoleChange => ({
  id: entry.id,
  title: entry.title,
  removed_in: entry.removed_in,
  ...(entry.announced_in ? { announced_in: entry.announced_in } : {}),
});

/** Builds the console's data for an endpoint from the register's releases and entries. */
export function consoleData(endpoint: ApiEndpoint, releases: readonly string[], entries: readonly RegisterEntry[]): ConsoleData {
  const fields = (where: 'path' | 'query' | 'header') =>
    endpoint.parameters
      .filter((parameter) => parameter.in === where)
      .filter((parameter) => !(where === 'header' && parameter.name.toLowerCase() === 'private-token'))
      .map((parameter) => ({
        name: parameter.name,
        value: asText(parameter.example),
        required: where === 'path' || parameter.required,
      }));
  const requestBody = endpoint.request_body;
  const json = requestBody ? /\bjson\b/i.test(requestBody.content_type) : false;
  const data: ConsoleData = {
    id: endpoint.id,
    method: endpoint.method,
    path: endpoint.path,
    pathParams: fields('path'),
    query: fields('query'),
    headers: fields('header'),
    tokenAuth: endpoint.auth.kind === 'private-token',
    token: endpoint.auth.kind === 'private-token' ? suggestedToken(endpoint) : '',
    served: endpoint.reference,
    releases: [...releases],
    newestRelease: newestFirst(releases)[0] ?? '',
    release: '',
    changes: entries.filter((entry) => actsOn(entry, endpoint)).map(changeOf),
  };
  const firstBody = requestBody?.examples[0]?.value;
  const refusal = firstRefusal(
    endpoint,
    entries,
    releases,
    data.query,
    firstBody === undefined ? undefined : typeof firstBody === 'string' ? firstBody : JSON.stringify(firstBody),
  );
  if (refusal) {
    data.release = refusal.release;
    data.refusedBy = changeOf(refusal.entry);
  }
  if (requestBody) {
    data.body = {
      contentType: requestBody.content_type,
      json,
      ...(requestBody.schema ? { schema: validationSchema(requestBody.schema) as Record<string, unknown> } : {}),
      examples: requestBody.examples.map((example) => ({
        summary: example.summary,
        text: typeof example.value === 'string' ? example.value : JSON.stringify(example.value, null, 2),
      })),
    };
  }
  return data;
}

/** Keywords that document a schema rather than constrain a value; the page already shows them above the console. */
const DOCUMENTATION_KEYWORDS = new Set<string>([
  'description',
  'title',
  'example',
  'examples',
  ORIGIN_KEY,
  REFERENCE_KEYWORDS_KEY,
]);

/**
 * The schema the console checks a body against: the same constraints without the documentation keywords,
 * which would otherwise be shipped a second time in every endpoint page. A property named like a keyword
 * (a `description` field of the body) is kept, because it sits under `properties`.
 */
export function validationSchema(schema: unknown, underProperties = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => validationSchema(item));
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => underProperties || !DOCUMENTATION_KEYWORDS.has(key))
      .map(([key, value]) => [key, validationSchema(value, !underProperties && key === 'properties')]),
  );
}

/** What the console's script reads of its data; the rest is in the form the page renders. */
export type ConsoleIslandData = Pick<
  ConsoleData,
  'method' | 'path' | 'pathParams' | 'query' | 'tokenAuth' | 'served' | 'newestRelease' | 'body'
>;

/** The part of the data the page hands its console's script: only what the script reads, to keep the page light. */
export function consoleIslandData(data: ConsoleData): ConsoleIslandData {
  const { method, path, pathParams, query, tokenAuth, served, newestRelease, body } = data;
  return { method, path, pathParams, query, tokenAuth, served, newestRelease, ...(body ? { body } : {}) };
}
