import { z } from 'zod';

/**
 * A YAML flow mapping with a comma inside (`{ type: string, description: The id, 32 hex digits. }`) does not
 * fail to parse: the text after the comma becomes a key of its own with a `null` value. These checks catch
 * that class of slip where a string or a schema is meant, so it never reaches `/openapi.json`.
 */

type Issue = { path: PropertyKey[]; message: string };

const SPLIT_HINT = 'a comma inside `{ … }` split the text: quote the whole text';

/** Keys that hold one sub-schema. */
const ONE_SCHEMA = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else'] as const;
/** Keys that hold a list of sub-schemas. */
const SCHEMA_LISTS = ['oneOf', 'anyOf', 'allOf', 'prefixItems'] as const;
/**
 * Marks a part of a schema whose origin differs from the schema around it, such as operators the spec does
 * not name in a body the spec shows. OpenAPI carries it unchanged as an extension.
 */
export const ORIGIN_KEY = 'x-sunset-origin';
/**
 * Lists the keywords of a schema node the spec shows that are the reference implementation's own, such as
 * `additionalProperties: false` (the spec never says other fields are refused) or a `pattern`. OpenAPI
 * carries it unchanged as an extension.
 */
export const REFERENCE_KEYWORDS_KEY = 'x-sunset-reference-keywords';

/** Keywords whose value may be `null`. */
const NULLABLE_KEYS = new Set(['default', 'const', 'example', 'examples', 'enum']);
/** Keys whose value must be text. */
const TEXT_KEYS = ['description', 'title', 'format', 'pattern', '$ref'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Problems in one JSON Schema node and everything under it. */
export function jsonSchemaSlips(node: unknown, path: PropertyKey[] = []): Issue[] {
  if (!isRecord(node)) {
    return [{ path, message: `a schema must be a mapping, not ${node === null ? 'null' : typeof node}; ${SPLIT_HINT}` }];
  }
  const issues: Issue[] = [];
  for (const [key, value] of Object.entries(node)) {
    // No JSON Schema keyword has a space in it, and only value keywords may be null: anything else is the
    // tail of a sentence.
    if (/\s/.test(key) || (value === null && !NULLABLE_KEYS.has(key))) {
      issues.push({
        path: [...path, key],
        message: `"${key}" is not a schema keyword but the tail of split text; ${SPLIT_HINT}`,
      });
    }
  }
  for (const key of TEXT_KEYS) {
    if (key in node && typeof node[key] !== 'string') {
      issues.push({ path: [...path, key], message: `\`${key}\` must be text, not ${describe(node[key])}; ${SPLIT_HINT}` });
    }
  }
  if (ORIGIN_KEY in node && node[ORIGIN_KEY] !== 'spec' && node[ORIGIN_KEY] !== 'reference') {
    issues.push({ path: [...path, ORIGIN_KEY], message: `\`${ORIGIN_KEY}\` is "spec" or "reference"` });
  }
  const referenceKeywords = node[REFERENCE_KEYWORDS_KEY];
  if (
    referenceKeywords !== undefined &&
    !(Array.isArray(referenceKeywords) && referenceKeywords.every((keyword) => typeof keyword === 'string' && keyword in node))
  ) {
    issues.push({
      path: [...path, REFERENCE_KEYWORDS_KEY],
      message: `\`${REFERENCE_KEYWORDS_KEY}\` lists keywords of this same schema, such as [additionalProperties]`,
    });
  }
  if (node.type === 'string') {
    for (const key of ['example', 'default'] as const) {
      if (key in node && typeof node[key] === 'object' && node[key] !== null) {
        issues.push({
          path: [...path, key],
          message: `\`${key}\` of a string schema must be text, not ${describe(node[key])}; ${SPLIT_HINT}`,
        });
      }
    }
  }
  if ('properties' in node) {
    if (!isRecord(node.properties)) {
      issues.push({ path: [...path, 'properties'], message: '`properties` must be a mapping of names to schemas' });
    } else {
      for (const [name, child] of Object.entries(node.properties)) {
        if (child === null) {
          issues.push({ path: [...path, 'properties', name], message: `property "${name}" has no schema (null); ${SPLIT_HINT}` });
        } else issues.push(...jsonSchemaSlips(child, [...path, 'properties', name]));
      }
    }
  }
  for (const key of ONE_SCHEMA) {
    if (key in node && typeof node[key] !== 'boolean') issues.push(...jsonSchemaSlips(node[key], [...path, key]));
  }
  for (const key of SCHEMA_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) {
      for (const [index, child] of list.entries()) issues.push(...jsonSchemaSlips(child, [...path, key, index]));
    }
  }
  return issues;
}

/**
 * Problems in an example value: a key with spaces whose value is `null` is the tail of a sentence a comma
 * split off, never a field anyone meant.
 */
export function exampleSlips(value: unknown, path: PropertyKey[] = []): Issue[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => exampleSlips(item, [...path, index]));
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    child === null && /\s/.test(key)
      ? [{ path: [...path, key], message: `"${key}" reads as the tail of a split sentence with no value; ${SPLIT_HINT}` }]
      : exampleSlips(child, [...path, key]),
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'a mapping' : typeof value;
}

function addAll(ctx: z.RefinementCtx, issues: Issue[]) {
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

/** A JSON Schema object, kept as data so OpenAPI output can use it unchanged; rejects split text. */
export const jsonSchemaObject = z
  .record(z.string(), z.unknown())
  .superRefine((schema, ctx) => addAll(ctx, jsonSchemaSlips(schema)));

/** An example value; rejects keys that are the tail of a split sentence. */
export const exampleValue = z.unknown().superRefine((value, ctx) => addAll(ctx, exampleSlips(value)));

/**
 * Paths of the parts of a schema marked with {@link ORIGIN_KEY} `reference`, written `query.filters[].operator`,
 * and the keywords listed in {@link REFERENCE_KEYWORDS_KEY}, written `query: additionalProperties`, so a page
 * can list what in a spec-shown schema is the reference implementation's.
 */
export function referenceParts(node: unknown, path = ''): string[] {
  if (!isRecord(node)) return [];
  const keywords =
    node[ORIGIN_KEY] !== 'reference' && Array.isArray(node[REFERENCE_KEYWORDS_KEY]) ? node[REFERENCE_KEYWORDS_KEY] : [];
  const own = [
    ...(node[ORIGIN_KEY] === 'reference' ? [path || '(the whole schema)'] : []),
    ...keywords.map((keyword) => `${path || '(the whole schema)'}: ${String(keyword)}`),
  ];
  const children: [string, unknown][] = [];
  if (isRecord(node.properties)) {
    for (const [name, child] of Object.entries(node.properties)) children.push([path ? `${path}.${name}` : name, child]);
  }
  if ('items' in node) children.push([`${path}[]`, node.items]);
  for (const key of SCHEMA_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) for (const child of list) children.push([path, child]);
  }
  return [...own, ...children.flatMap(([childPath, child]) => referenceParts(child, childPath))];
}
