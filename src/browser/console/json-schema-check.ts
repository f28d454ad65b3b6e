/**
 * A small JSON Schema check for the console's body editor: the keywords the endpoint schemas in
 * `content/api/` use (type, enum, const, required, properties, additionalProperties, items, prefixItems,
 * min/max items, length and value, pattern, anyOf, oneOf). Unknown keywords are ignored. It only warns the
 * reader before sending; the reference implementation validates for real, and a full validator would be
 * most of the console's weight.
 */

/** A JSON Schema, as data. */
export type JsonSchema = Record<string, unknown>;

/** One thing the value gets wrong, at a path such as `query.filters[0].operator`. */
export interface SchemaProblem {
  path: string;
  message: string;
}

const typeOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
};

const matchesType = (value: unknown, type: string): boolean => {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
};

const where = (path: string) => path || 'the body';
const child = (path: string, key: string) => (path ? `${path}.${key}` : key);
const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every problem of `value` against `schema`; empty when it conforms (as far as this check sees). */
export function checkJsonSchema(value: unknown, schema: JsonSchema, path = ''): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const add = (message: string) => problems.push({ path: where(path), message });

  const types = schema.type === undefined ? [] : ([] as unknown[]).concat(schema.type).map(String);
  if (types.length > 0 && !types.some((type) => matchesType(value, type))) {
    add(`must be ${types.join(' or ')}, not ${typeOf(value)}`);
    return problems;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => JSON.stringify(option) === JSON.stringify(value))) {
    add(`must be one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}`);
  }
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) add(`must be ${JSON.stringify(schema.const)}`);
  if (typeof value === 'string') problems.push(...checkString(value, schema, path));
  if (typeof value === 'number') problems.push(...checkNumber(value, schema, path));
  if (Array.isArray(value)) problems.push(...checkArray(value, schema, path));
  else if (isSchema(value)) problems.push(...checkObject(value, schema, path));
  problems.push(...checkAlternatives(value, schema, path));
  return problems;
}

function checkString(value: string, schema: JsonSchema, path: string): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  if (typeof schema.minLength === 'number' && value.length < schema.minLength) {
    problems.push({ path: where(path), message: `must have at least ${schema.minLength} characters` });
  }
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) {
    problems.push({ path: where(path), message: `must have at most ${schema.maxLength} characters` });
  }
  if (typeof schema.pattern === 'string' && !matchesPattern(value, schema.pattern)) {
    problems.push({ path: where(path), message: `must match ${schema.pattern}` });
  }
  return problems;
}

// A pattern this engine cannot compile is not the reader's fault: it is skipped.
function matchesPattern(value: string, pattern: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return true;
  }
}

function checkNumber(value: number, schema: JsonSchema, path: string): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  if (typeof schema.minimum === 'number' && value < schema.minimum) {
    problems.push({ path: where(path), message: `must be at least ${schema.minimum}` });
  }
  if (typeof schema.maximum === 'number' && value > schema.maximum) {
    problems.push({ path: where(path), message: `must be at most ${schema.maximum}` });
  }
  return problems;
}

function checkArray(value: unknown[], schema: JsonSchema, path: string): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
    problems.push({ path: where(path), message: `must have at least ${schema.minItems} items` });
  }
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
    problems.push({ path: where(path), message: `must have at most ${schema.maxItems} items` });
  }
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems.filter(isSchema) : [];
  value.forEach((item, index) => {
    const itemSchema = prefix[index] ?? (isSchema(schema.items) ? schema.items : undefined);
    if (itemSchema) problems.push(...checkJsonSchema(item, itemSchema, `${path}[${index}]`));
  });
  return problems;
}

function checkObject(value: Record<string, unknown>, schema: JsonSchema, path: string): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const properties = isSchema(schema.properties) ? schema.properties : {};
  for (const name of Array.isArray(schema.required) ? schema.required.map(String) : []) {
    if (!(name in value)) problems.push({ path: where(path), message: `needs the field "${name}"` });
  }
  for (const [name, field] of Object.entries(value)) {
    const fieldSchema = properties[name];
    if (isSchema(fieldSchema)) problems.push(...checkJsonSchema(field, fieldSchema, child(path, name)));
    else if (schema.additionalProperties === false) {
      const known = Object.keys(properties);
      problems.push({
        path: where(path),
        message: `has no field "${name}"${known.length ? `; known fields: ${known.join(', ')}` : ''}`,
      });
    } else if (isSchema(schema.additionalProperties)) {
      problems.push(...checkJsonSchema(field, schema.additionalProperties, child(path, name)));
    }
  }
  return problems;
}

function checkAlternatives(value: unknown, schema: JsonSchema, path: string): SchemaProblem[] {
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const options = schema[keyword];
    if (!Array.isArray(options)) continue;
    const passing = options.filter(isSchema).filter((option) => checkJsonSchema(value, option, path).length === 0).length;
    if (passing === 0) return [{ path: where(path), message: `matches none of the ${options.length} allowed shapes` }];
    if (keyword === 'oneOf' && passing > 1)
      return [{ path: where(path), message: `matches more than one of the allowed shapes` }];
  }
  return [];
}

/** Parses the body text and checks it: a syntax error is one problem, with the parser's words. */
export function checkJsonText(text: string, schema: JsonSchema | undefined): SchemaProblem[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return [{ path: 'the body', message: `is not JSON: ${(error as Error).message}` }];
  }
  return schema ? checkJsonSchema(value, schema) : [];
}
