import { describe, expect, it } from 'vitest';
import { checkJsonSchema, checkJsonText } from '../../../src/browser/console/json-schema-check.ts';
import { loadRegister } from '../../../src/register/index.ts';

const runner = {
  type: 'object',
  required: ['token'],
  properties: {
    token: { type: 'string' },
    maximum_timeout: { type: 'integer', minimum: 600 },
    tag_list: { type: 'array', items: { type: 'string' }, maxItems: 2 },
  },
};

describe('the console body check', () => {
  it('accepts a body that fits and names the path of each thing that does not', () => {
    expect(checkJsonSchema({ token: 'x', tag_list: ['docker'] }, runner)).toEqual([]);
    expect(checkJsonSchema({ tag_list: ['a', 2, 'c'], maximum_timeout: 1.5 }, runner)).toEqual([
      { path: 'the body', message: 'needs the field "token"' },
      { path: 'tag_list', message: 'must have at most 2 items' },
      { path: 'tag_list[1]', message: 'must be string, not integer' },
      { path: 'maximum_timeout', message: 'must be integer, not number' },
    ]);
  });

  it('checks enums, patterns, unknown fields, bounds and alternatives', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: {
        operator: { type: 'string', enum: ['equals', 'beforeDate'] },
        member: { type: 'string', pattern: '^[A-Za-z]+\\.[A-Za-z]+$' },
        limit: { type: 'integer', maximum: 50000 },
        order: { anyOf: [{ type: 'object' }, { type: 'array' }] },
        range: { oneOf: [{ type: 'string' }, { type: 'array', minItems: 1 }] },
      },
    };
    expect(
      checkJsonSchema({ operator: 'afterDate', member: 'Tracked', limit: 50001, order: 'asc', range: [], extra: 1 }, schema).map(
        (problem) => `${problem.path} ${problem.message}`,
      ),
    ).toEqual([
      'operator must be one of "equals", "beforeDate"',
      'member must match ^[A-Za-z]+\\.[A-Za-z]+$',
      'limit must be at most 50000',
      'order matches none of the 2 allowed shapes',
      'range matches none of the 2 allowed shapes',
      'the body has no field "extra"; known fields: operator, member, limit, order, range',
    ]);
  });

  it('reports text that is not JSON with the parser’s words', () => {
    const [problem] = checkJsonText('{"token": }', runner);
    expect(problem?.path).toBe('the body');
    expect(problem?.message).toMatch(/^is not JSON: /);
    expect(checkJsonText('{"token":"t"}', undefined)).toEqual([]);
  });

  it('passes every request body example in content/api against its own schema', async () => {
    const register = await loadRegister();
    const checked = register.endpoints.flatMap((endpoint) =>
      endpoint.request_body?.schema
        ? endpoint.request_body.examples.map((example) => ({
            where: `${endpoint.id}: ${example.summary}`,
            problems: checkJsonSchema(example.value, endpoint.request_body?.schema ?? {}),
          }))
        : [],
    );
    expect(checked.length).toBeGreaterThan(5);
    expect(checked.filter((result) => result.problems.length > 0)).toEqual([]);
  });
});
