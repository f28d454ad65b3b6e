/**
 * Checks that every part of an endpoint labelled `origin: spec` is in the spec: the endpoint's method and
 * path as a row of the spec's endpoint tables, a path parameter as a placeholder the spec writes, a header
 * or query parameter, a status, a scope or a role where the spec says it for that endpoint, and every name
 * and value of a spec-labelled schema or example. Parameter examples are the console's fill-ins and are
 * not looked up.
 */
import type { ApiEndpoint } from '../../src/schemas/api-endpoint.ts';
import { ORIGIN_KEY, REFERENCE_KEYWORDS_KEY } from '../../src/schemas/json-schema-object.ts';
import type { RegisterEntry } from '../../src/schemas/register-entry.ts';
import type { Sources } from './spec-sources.ts';
import { flattenPath, hasToken, releasesIn, type SpecLine, type SpecText } from './spec-text.ts';

const REST_PREFIX = '/api/v4';

/** The spec's rows for an endpoint: its method and its path, with or without the REST prefix. */
function tableRows(endpoint: ApiEndpoint, spec: SpecText): SpecLine[] {
  const paths = [endpoint.path, endpoint.path.startsWith(REST_PREFIX) ? endpoint.path.slice(REST_PREFIX.length) : undefined]
    .filter((candidate): candidate is string => candidate !== undefined)
    .map(flattenPath);
  return spec.lines.filter(
    (line) => line.text.includes(`| ${endpoint.method} |`) && paths.some((candidate) => line.text.includes(`| ${candidate} |`)),
  );
}

/** Lines that speak of an endpoint by its number: `endpoint 2`, `Client key endpoints (2-4)`. */
function numberedLines(endpoint: ApiEndpoint, spec: SpecText): SpecLine[] {
  if (endpoint.number === undefined) return [];
  const number = endpoint.number;
  return spec.lines.filter((line) =>
    [...line.text.matchAll(/endpoints? \(?(\d+)(?:-(\d+))?\)?/g)].some((match) => {
      const low = Number(match[1]);
      const high = match[2] === undefined ? low : Number(match[2]);
      return number >= low && number <= high;
    }),
  );
}

/** Every placeholder name the spec writes in a path or a line: `{project_id}`, `:id`, `<key_id>`. */
function specPlaceholders(raw: string): Set<string> {
  return new Set(
    [...raw.matchAll(/\{([a-z_]+)\}|(?<=\/):([a-z_]+)|<([a-z_]+)>/g)].map(
      (match) => (match[1] ?? match[2] ?? match[3]) as string,
    ),
  );
}

/** Property names of a schema that are not marked as the reference's, at any depth. */
function specPropertyNames(schema: unknown): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  if (node[ORIGIN_KEY] === 'reference') return [];
  const own =
    node.properties && typeof node.properties === 'object' ? Object.entries(node.properties as Record<string, unknown>) : [];
  const nested = ['items', 'additionalProperties'].map((key) => node[key]);
  const lists = ['oneOf', 'anyOf', 'allOf'].flatMap((key) => (Array.isArray(node[key]) ? (node[key] as unknown[]) : []));
  return [
    ...own.flatMap(([name, child]) =>
      child && typeof child === 'object' && (child as Record<string, unknown>)[ORIGIN_KEY] === 'reference'
        ? []
        : [name, ...specPropertyNames(child)],
    ),
    ...[...nested, ...lists].flatMap(specPropertyNames),
  ];
}

/** Descriptions of the parts of a schema not marked as the reference's, at any depth. */
function specDescriptions(schema: unknown): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  if (node[ORIGIN_KEY] === 'reference') return [];
  const children = [
    ...(node.properties && typeof node.properties === 'object' ? Object.values(node.properties as Record<string, unknown>) : []),
    node.items,
    node.additionalProperties,
    ...['oneOf', 'anyOf', 'allOf'].flatMap((key) => (Array.isArray(node[key]) ? (node[key] as unknown[]) : [])),
  ];
  return [...(typeof node.description === 'string' ? [node.description] : []), ...children.flatMap(specDescriptions)];
}

/** Keywords that bound a number, a length or a count: their figure must be one the spec gives for the endpoint. */
const BOUNDS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
] as const;

/**
 * The constraints a schema not marked as the reference's states, at any depth: a `pattern` (the spec writes
 * none), `additionalProperties: false` (the spec never says other fields are refused), `required` (the spec
 * says of no API field that a request without it is refused), a `format`, `enum`, `default` and `const`
 * values, which must be values the spec gives, and bounds, whose figures must be in the endpoint's lines.
 */
function specConstraints(schema: unknown, path = ''): { path: string; keyword: string; value: unknown }[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  if (node[ORIGIN_KEY] === 'reference') return [];
  const here = path || '(the schema)';
  const ours = new Set(Array.isArray(node[REFERENCE_KEYWORDS_KEY]) ? (node[REFERENCE_KEYWORDS_KEY] as string[]) : []);
  const own = [
    ...(node.pattern !== undefined ? [{ path: here, keyword: 'pattern', value: node.pattern }] : []),
    ...(node.additionalProperties === false ? [{ path: here, keyword: 'additionalProperties', value: false }] : []),
    ...(Array.isArray(node.enum) ? node.enum.map((value) => ({ path: here, keyword: 'enum', value })) : []),
    ...(node.default !== undefined ? [{ path: here, keyword: 'default', value: node.default }] : []),
    ...(node.const !== undefined ? [{ path: here, keyword: 'const', value: node.const }] : []),
    ...(typeof node.format === 'string' ? [{ path: here, keyword: 'format', value: node.format }] : []),
    ...(Array.isArray(node.required) && node.required.length > 0
      ? [{ path: here, keyword: 'required', value: node.required }]
      : []),
    ...BOUNDS.filter((keyword) => typeof node[keyword] === 'number').map((keyword) => ({
      path: here,
      keyword,
      value: node[keyword],
    })),
  ].filter((constraint) => !ours.has(constraint.keyword));
  const children: [string, unknown][] = [
    ...(node.properties && typeof node.properties === 'object'
      ? Object.entries(node.properties as Record<string, unknown>).map(
          ([name, child]) => [path ? `${path}.${name}` : name, child] as [string, unknown],
        )
      : []),
    [`${path}[]`, node.items],
    ...(typeof node.additionalProperties === 'object' ? [[`${path}{}`, node.additionalProperties] as [string, unknown]] : []),
    ...['oneOf', 'anyOf', 'allOf'].flatMap((key) =>
      Array.isArray(node[key]) ? (node[key] as unknown[]).map((child) => [path, child] as [string, unknown]) : [],
    ),
    ...(Array.isArray(node.prefixItems)
      ? (node.prefixItems as unknown[]).map((child, index) => [`${path}[${index}]`, child] as [string, unknown])
      : []),
  ];
  return [...own, ...children.flatMap(([childPath, child]) => specConstraints(child, childPath))];
}

/** Every description of a schema, whoever's part it is. */
function allDescriptions(schema: unknown): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  return [
    ...(typeof node.description === 'string' ? [node.description] : []),
    ...Object.values(node).flatMap((child) =>
      Array.isArray(child) ? child.flatMap(allDescriptions) : typeof child === 'object' ? allDescriptions(child) : [],
    ),
  ];
}

/** A sentence that gives a value to the platform's documentation (or the spec) as its source. */
const ATTRIBUTED =
  /\((?:from|per|as in) the (?:platform['’]?s documentation|spec)\)|\b(?:from|per) the (?:platform['’]?s documentation|spec)\b/i;

/** Code values a text attributes to the platform's documentation that the spec does not hold. */
function misattributedCode(text: string, spec: SpecText): string[] {
  return text
    .split(/(?<=[.;!?])\s+/)
    .filter((sentence) => ATTRIBUTED.test(sentence))
    .flatMap((sentence) => [...sentence.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string))
    .filter((code) => !spec.hasCode(code));
}

/** A sentence that says whose it is: its names need not be the spec's. */
export const LABELLED_SENTENCE =
  /reference implementation|reference design|reference's own|Sunset's reading|our reading|is ours|are ours|the spec does not|platform'?s documentation (does not|gives no|names no|only)|not shown/i;

/** Code spans of a text, outside sentences that label themselves, that the spec does not hold. */
export function unlabelledCode(text: string, spec: SpecText): string[] {
  return text
    .split(/(?<=[.;:!?])\s+(?=[A-Z`(])|\n\s*\n/)
    .filter((sentence) => !LABELLED_SENTENCE.test(sentence))
    .flatMap((sentence) => [...sentence.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string))
    .filter((code) => !spec.hasCode(code));
}

/** Every key and scalar of an example value. */
function exampleValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(exampleValues);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) => [key, ...exampleValues(child)]);
  return value === null || typeof value === 'boolean' ? [] : [String(value)];
}

/** Whether a constraint of a spec-labelled schema is the spec's: a value it gives, or a bound of the endpoint's lines. */
function constraintGiven(keyword: string, value: unknown, spec: SpecText, source: string): boolean {
  const written = typeof value === 'number' ? [String(value), value.toLocaleString('en')] : [String(value)];
  if (keyword === 'enum' || keyword === 'default' || keyword === 'const') return written.some((text) => spec.hasValue(text));
  const words = /^min/.test(keyword) ? 'minimum|at least' : /^max/.test(keyword) ? 'maximum|at most|up to' : undefined;
  if (words === undefined) return false;
  return written.some((text) => new RegExp(`\\b(?:${words}) ${text.replace(/[.,]/g, '\\$&')}(?![\\d,])`).test(source));
}

const NUMBER = /(?<![\w.$<{-])\d[\d,]*(?:\.\d+)?(?![\w.]*\d)/g;
const QUOTED = /(?<![\w])'([^'\n]{3,}?)'(?![\w])|"([^"\n]{3,}?)"/g;

/**
 * Numbers, releases and quoted phrases of a spec-labelled text, outside sentences that say whose they are, as
 * entries' are checked: numbers and releases must be in the endpoint's spec lines, quoted phrases in the spec.
 */
function proseValueProblems(
  where: string,
  text: string,
  spec: SpecText,
  { text: source, releases }: { text: string; releases: Set<string> },
): string[] {
  const problems: string[] = [];
  const sentences = text
    .split(/(?<=[.;:!?])\s+(?=[A-Z`(])|\n\s*\n/)
    .filter((sentence) => !LABELLED_SENTENCE.test(sentence))
    .map((sentence) => sentence.replace(/`[^`]*`/g, ' '));
  for (const sentence of sentences) {
    for (const release of releasesIn(sentence))
      if (!releases.has(release)) problems.push(`${where}: release ${release} is not in its spec lines`);
    for (const match of sentence.matchAll(NUMBER)) {
      const number = match[0].replace(/,$/, '');
      if (releasesIn(number).length > 0) continue;
      if (!hasToken(source, number) && !hasToken(source, number.replace(/,/g, '')))
        problems.push(`${where}: the number ${number} is not in its spec lines`);
    }
    for (const match of sentence.matchAll(QUOTED)) {
      const phrase = (match[1] ?? match[2]) as string;
      if (!spec.has(phrase, { ignoreCase: true })) problems.push(`${where}: "${phrase}" is not in the spec`);
    }
  }
  return problems;
}

/** What an endpoint labels `spec` that the spec does not hold. */
export function endpointProblems(
  endpoint: ApiEndpoint,
  spec: SpecText,
  sources: Sources,
  rawSpec: string,
  entries: readonly Pick<RegisterEntry, 'id' | 'endpoints'>[] = [],
): string[] {
  const where = `api ${endpoint.id}`;
  const rows = tableRows(endpoint, spec);
  // The endpoint's rows, the lines that name it by number, and those of the limits and error conditions
  // that apply to it (a row that says only "same" takes its status from the error table).
  const modelled = [endpoint.id, ...endpoint.limits, ...endpoint.errors].flatMap((id) => sources.byId.get(id) ?? []);
  const lines = [...new Set([...rows, ...numberedLines(endpoint, spec), ...modelled])];
  const source = lines.map((line) => line.text).join('\n');
  // Releases and numbers of its texts may also come from the lines of the register entries about it (the
  // 17.0 Geo row for a route removed in 17.0), with the release of the section each line sits in.
  const about = entries
    .filter((entry) => entry.endpoints.includes(endpoint.id))
    .flatMap((entry) => sources.byId.get(entry.id) ?? []);
  const context = [...new Set([...lines, ...about])];
  const prose = {
    text: context.map((line) => line.text).join('\n'),
    releases: new Set(context.flatMap((line) => line.releases)),
  };
  const problems: string[] = [];
  if (endpoint.origin === 'spec' && rows.length === 0)
    problems.push(`${where}: ${endpoint.method} ${endpoint.path} is not a row of the spec`);

  const rowPlaceholders = specPlaceholders(rows.map((line) => rawSpec.split('\n')[line.number - 1] ?? '').join('\n'));
  const anywhere = specPlaceholders(rawSpec);
  for (const parameter of endpoint.parameters.filter((candidate) => candidate.origin === 'spec')) {
    const found =
      parameter.in === 'path'
        ? rows.length > 0
          ? rowPlaceholders.has(parameter.name)
          : anywhere.has(parameter.name)
        : hasToken(source, parameter.name);
    if (!found)
      problems.push(`${where}: ${parameter.in} parameter ${parameter.name} is labelled spec but the spec does not give it here`);
  }

  const auth = endpoint.auth;
  if (auth.origin === 'spec') {
    if (auth.kind === 'private-token' && !hasToken(source, 'PRIVATE-TOKEN'))
      problems.push(`${where}: auth PRIVATE-TOKEN is labelled spec`);
    if (auth.kind !== 'private-token') problems.push(`${where}: auth ${auth.kind} is labelled spec`);
    for (const scope of auth.scopes)
      if (!new RegExp(`scope ${scope}\\b`).test(source)) problems.push(`${where}: scope ${scope} is labelled spec`);
  }
  if (
    auth.min_role &&
    (auth.min_role_origin ?? auth.origin) === 'spec' &&
    !new RegExp(`\\b${auth.min_role}\\b`, 'i').test(source)
  ) {
    problems.push(`${where}: min_role ${auth.min_role} is labelled spec but the spec gives no role for it`);
  }

  const body = endpoint.request_body;
  if (body?.origin === 'spec') {
    for (const name of specPropertyNames(body.schema))
      if (!spec.hasValue(name)) problems.push(`${where}: body property ${name} is labelled spec`);
  }
  for (const example of body?.examples ?? []) {
    if (example.origin !== 'spec') continue;
    for (const value of exampleValues(example.value))
      if (!spec.hasValue(value)) problems.push(`${where}: body example value "${value}" is labelled spec`);
  }
  for (const response of endpoint.responses) {
    if (response.origin === 'spec') {
      if (!hasToken(source, String(response.status))) problems.push(`${where}: response ${response.status} is labelled spec`);
      for (const name of specPropertyNames(response.schema))
        if (!spec.hasValue(name)) problems.push(`${where}: response ${response.status} property ${name} is labelled spec`);
    }
    for (const example of response.examples) {
      if (example.origin !== 'spec') continue;
      for (const value of exampleValues(example.value)) {
        if (!spec.hasValue(value))
          problems.push(`${where}: response ${response.status} example value "${value}" is labelled spec`);
      }
    }
  }
  const texts = [
    ...(endpoint.origin === 'spec' ? [['summary', endpoint.summary]] : []),
    ...(auth.origin === 'spec' && auth.description ? [['auth', auth.description]] : []),
    ...endpoint.parameters
      .filter((parameter) => parameter.origin === 'spec')
      .map((parameter) => [`parameter ${parameter.name}`, parameter.description]),
    ...(body?.origin === 'spec'
      ? [['body', body.description], ...specDescriptions(body.schema).map((text) => ['body schema', text])]
      : []),
    ...endpoint.responses
      .filter((response) => response.origin === 'spec')
      .flatMap((response) =>
        [response.description, ...specDescriptions(response.schema), ...Object.values(response.headers ?? {})].map((text) => [
          `response ${response.status}`,
          text,
        ]),
      ),
  ] as [string, string][];
  for (const [part, text] of texts) {
    for (const code of unlabelledCode(text, spec)) problems.push(`${where}: ${part} names \`${code}\`, which is not in the spec`);
  }
  const specSchemas = [
    ...(body?.origin === 'spec' ? [['body', body.schema]] : []),
    ...endpoint.responses
      .filter((response) => response.origin === 'spec')
      .map((response) => [`response ${response.status}`, response.schema]),
  ] as [string, unknown][];
  for (const [part, schema] of specSchemas) {
    for (const { path, keyword, value } of specConstraints(schema)) {
      if (!constraintGiven(keyword, value, spec, source))
        problems.push(`${where}: ${part} ${path} ${keyword} ${JSON.stringify(value)} is labelled spec`);
    }
  }
  for (const parameter of endpoint.parameters.filter((candidate) => candidate.origin === 'spec')) {
    for (const { keyword, value } of specConstraints(parameter.schema)) {
      if (!constraintGiven(keyword, value, spec, source))
        problems.push(`${where}: parameter ${parameter.name} schema ${keyword} ${JSON.stringify(value)} is labelled spec`);
    }
  }
  for (const response of endpoint.responses.filter((candidate) => candidate.origin === 'spec')) {
    for (const header of Object.keys(response.headers ?? {}))
      if (!hasToken(source, header)) problems.push(`${where}: response ${response.status} header ${header} is labelled spec`);
  }
  for (const [part, text] of texts) problems.push(...proseValueProblems(`${where}: ${part}`, text, spec, prose));
  const everyText = [
    endpoint.summary,
    ...endpoint.parameters.map((parameter) => parameter.description),
    ...allDescriptions(body?.schema),
    ...endpoint.responses.flatMap((response) => [response.description, ...allDescriptions(response.schema)]),
  ].filter((text): text is string => typeof text === 'string');
  for (const text of everyText) {
    for (const code of misattributedCode(text, spec))
      problems.push(`${where}: \`${code}\` is said to be the platform documentation's, but the spec does not hold it`);
  }
  return problems;
}
