import { describe, expect, it } from 'vitest';
import { checkJsonSchema } from '../../src/browser/console/json-schema-check.ts';
import { loadRegister } from '../../src/register/index.ts';
import { actsOn, consoleData, validationSchema } from '../../src/site/console-data.ts';

const register = await loadRegister();
const releases = register.releases.map((info) => info.release);
const dataFor = (id: string) => {
  const endpoint = register.endpoint(id);
  if (!endpoint) throw new Error(`no endpoint ${id}`);
  return consoleData(endpoint, releases, register.entries);
};

describe('console data', () => {
  it('prefills parameters and the body from the endpoint’s examples and picks a token its auth allows', () => {
    const keys = dataFor('error-tracking-client-keys-create');
    expect(keys.pathParams).toEqual([{ name: 'project_id', value: '1', required: true }]);
    expect(keys.headers).toEqual([{ name: 'Content-Type', value: 'application/json', required: true }]);
    expect(keys.tokenAuth).toBe(true);
    expect(keys.token).toBe('demo-maintainer-token');
    expect(keys.served).toBe(true);
    const load = dataFor('product-analytics-load');
    expect(load.body?.json).toBe(true);
    expect(JSON.parse(load.body?.examples[0]?.text ?? '')).toEqual(
      register.endpoint('product-analytics-load')?.request_body?.examples[0]?.value,
    );
    expect(load.body?.schema).toBeDefined();
  });

  it('lists the register entries that change the answers, from reject rules and rate limits', () => {
    const runners = dataFor('runners-create');
    expect(runners.tokenAuth).toBe(false);
    expect(runners.changes.map((change) => change.id).sort()).toEqual([
      'runner-register-arguments-removed',
      'runner-registration-token-removed',
    ]);
    expect(runners.newestRelease).toBe('20.0');
    expect(dataFor('product-analytics-load').changes.map((change) => change.id)).toEqual(['rate-limits-on-by-default']);
    const limits = register.entry('rate-limits-on-by-default');
    const collector = register.endpoint('product-analytics-collector');
    expect(limits && collector && actsOn(limits, collector)).toBe(false);
  });

  it('ships the body schema without its documentation, and checks bodies exactly as the full schema does', () => {
    const schema = {
      type: 'object',
      description: 'A body.',
      'x-sunset-origin': 'reference',
      'x-sunset-reference-keywords': ['required'],
      required: ['description'],
      properties: {
        description: { type: 'string', description: 'A field named like a keyword.', maxLength: 3 },
        kind: { enum: ['a', 'b'], title: 'Kind', examples: ['a'] },
      },
    };
    expect(validationSchema(schema)).toEqual({
      type: 'object',
      required: ['description'],
      properties: { description: { type: 'string', maxLength: 3 }, kind: { enum: ['a', 'b'] } },
    });
    for (const body of [{}, { description: 'long' }, { description: 'ok', kind: 'c' }, { description: 'ok', kind: 'a' }])
      expect(checkJsonSchema(body, validationSchema(schema) as Record<string, unknown>)).toEqual(checkJsonSchema(body, schema));
    const shipped = JSON.stringify(dataFor('product-analytics-load').body?.schema);
    expect(shipped).not.toContain('"description"');
    expect(shipped).not.toContain('x-sunset-');
    expect(shipped).toContain('"enum"');
  });
});
