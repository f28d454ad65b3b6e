import { readFile } from 'node:fs/promises';
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { GET } from '../../src/pages/openapi.json.ts';
import { readYamlWith } from '../../src/register/yaml-source.ts';
import { apiEndpointSchema } from '../../src/schemas/api-endpoint.ts';

type Json = Record<string, unknown>;

/** Every JSON Schema under a document, with where it sits, found by the keys that hold schemas. */
function schemasIn(value: unknown, where: string, out: { where: string; schema: unknown }[] = []) {
  if (Array.isArray(value)) for (const [index, item] of value.entries()) schemasIn(item, `${where}[${index}]`, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Json)) {
      if (key === 'properties' && child && typeof child === 'object') {
        for (const [name, schema] of Object.entries(child as Json)) out.push({ where: `${where}.properties.${name}`, schema });
      }
      schemasIn(child, `${where}.${key}`, out);
    }
  }
  return out;
}

function descriptionsIn(value: unknown, where: string, out: { where: string; value: unknown }[] = []) {
  if (Array.isArray(value)) for (const [index, item] of value.entries()) descriptionsIn(item, `${where}[${index}]`, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Json)) {
      // `examples` hold bodies, whose keys are data rather than OpenAPI words.
      if (key === 'value') continue;
      // Under `properties` a key is a field's name (one is called `description`), not an OpenAPI word.
      if (key === 'properties' && child && typeof child === 'object') {
        for (const [name, schema] of Object.entries(child as Json)) descriptionsIn(schema, `${where}.properties.${name}`, out);
        continue;
      }
      if (key === 'description') out.push({ where: `${where}.description`, value: child });
      descriptionsIn(child, `${where}.${key}`, out);
    }
  }
  return out;
}

describe('/openapi.json as the site serves it', async () => {
  const document = (await (await GET({} as never)).json()) as Json;

  it('is accepted by a real OpenAPI 3.1 validator', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('has a schema object for every property: none is null, none has a key that is split text', () => {
    const properties = schemasIn(document.paths, 'paths');
    expect(properties.length).toBeGreaterThan(50);
    const broken = properties.filter(
      ({ schema }) =>
        schema === null ||
        typeof schema !== 'object' ||
        Object.entries(schema as Json).some(([key, value]) => /\s/.test(key) || (value === null && key !== 'default')),
    );
    expect(broken.map((item) => item.where)).toEqual([]);
  });

  it('has text in every description', () => {
    const descriptions = descriptionsIn(document, '');
    expect(descriptions.length).toBeGreaterThan(100);
    expect(descriptions.filter((item) => typeof item.value !== 'string').map((item) => item.where)).toEqual([]);
  });
});

describe('the endpoint schema catches a description split by a comma', () => {
  it('names the file, line and field of the split', async () => {
    const text = (await readFile('content/api/error-tracking-store.yaml', 'utf8')).replace(
      'description: "The event id, 32 hex digits."',
      'description: The event id, 32 hex digits.',
    );
    expect(text).toContain('description: The event id, 32 hex digits.');
    const result = readYamlWith(apiEndpointSchema, 'content/api/error-tracking-store.yaml', text);
    expect(result.ok).toBe(false);
    const problem = result.ok ? undefined : result.problems[0];
    expect(problem?.line).toBe(text.split('\n').findIndex((line) => line.includes('32 hex digits.')) + 1);
    expect(problem?.path).toBe('responses[0].schema.properties.id.32 hex digits.');
    expect(problem?.message).toContain('quote the whole text');
  });

  it('rejects a property left null and a description that is a mapping', () => {
    const base = {
      id: 'demo',
      title: 'Demo',
      method: 'GET',
      path: '/demo',
      area: 'error-tracking',
      origin: 'reference',
      summary: 'Demo.',
      auth: { kind: 'none', origin: 'reference' },
    };
    const nullProperty = apiEndpointSchema.safeParse({
      ...base,
      responses: [{ status: 200, description: 'Ok.', origin: 'reference', schema: { type: 'object', properties: { id: null } } }],
    });
    expect(nullProperty.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['responses.0.schema.properties.id']);
    const mappingDescription = apiEndpointSchema.safeParse({
      ...base,
      responses: [
        { status: 200, description: 'Ok.', origin: 'reference', schema: { type: 'string', description: { 'The id': null } } },
      ],
    });
    expect(mappingDescription.error?.issues.map((issue) => issue.message).join()).toContain('`description` must be text');
    const splitExample = apiEndpointSchema.safeParse({
      ...base,
      responses: [
        {
          status: 200,
          description: 'Ok.',
          origin: 'reference',
          examples: [{ summary: 'x', origin: 'reference', value: { note: 'a', 'b c.': null } }],
        },
      ],
    });
    expect(splitExample.success).toBe(false);
    const keptNull = apiEndpointSchema.safeParse({
      ...base,
      responses: [
        {
          status: 200,
          description: 'Ok.',
          origin: 'reference',
          examples: [{ summary: 'x', origin: 'reference', value: { issue_iid: null } }],
        },
      ],
    });
    expect(keptNull.success).toBe(true);
  });
});

describe('text that YAML read as a mapping', () => {
  it('is reported at its line with what to do, for a parameter description', async () => {
    const text = (await readFile('content/api/users-list.yaml', 'utf8')).replace(
      /(parameters:\n {2}- name: \S+\n(?: {4}.*\n)*? {4})description: .*\n/,
      '$1description:\n      The page: first\n',
    );
    expect(text).toContain('description:\n      The page: first\n');
    const result = readYamlWith(apiEndpointSchema, 'content/api/users-list.yaml', text);
    const problem = result.ok ? undefined : result.problems.find((item) => item.path?.endsWith('description'));
    expect(problem?.message).toBe(
      'expected text but YAML read a mapping: an unquoted ": " or a comma inside "{ … }" split it; quote the text',
    );
    expect(problem?.line).toBe(text.split('\n').findIndex((line) => line.trim() === 'description:') + 1);
  });
});
