import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GET as openApiJson } from '../../src/pages/openapi.json.ts';
import { GET as registerJson } from '../../src/pages/register.json.ts';
import { CONTENT_DIR } from '../../src/register/index.ts';
import { referenceParts } from '../../src/schemas/json-schema-object.ts';

/**
 * Every fact that is ours says so as data. These walk what the site publishes (the served `/openapi.json`
 * and `/register.json`) and the guides' samples, and fail on any example, schema, parameter, response or
 * enforcement value that does not carry its origin.
 */
type Json = Record<string, unknown>;
const ORIGINS = ['spec', 'reference'];
const json = async (route: (context: never) => Response | Promise<Response>) => (await (await route({} as never)).json()) as Json;

describe('provenance in /openapi.json', async () => {
  const document = await json(openApiJson as never);
  const operations = Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([route, item]) =>
    Object.entries(item).map(([method, operation]) => ({ where: `${method.toUpperCase()} ${route}`, operation })),
  );

  it('labels every operation, parameter, body, response and example with spec or reference', () => {
    const unlabelled: string[] = [];
    const check = (where: string, node: Json | undefined) => {
      if (node && !ORIGINS.includes(node['x-sunset-origin'] as string)) unlabelled.push(where);
    };
    let examples = 0;
    const checkExamples = (where: string, content: Json | undefined) => {
      for (const [type, media] of Object.entries((content ?? {}) as Record<string, Json>)) {
        for (const [name, example] of Object.entries((media.examples ?? {}) as Record<string, Json>)) {
          examples++;
          check(`${where} ${type} ${name}`, example);
        }
      }
    };
    for (const { where, operation } of operations) {
      check(where, operation);
      if (!ORIGINS.includes(operation['x-sunset-auth-origin'] as string)) unlabelled.push(`${where} auth`);
      for (const parameter of (operation.parameters ?? []) as Json[]) check(`${where} parameter ${parameter.name}`, parameter);
      const body = operation.requestBody as Json | undefined;
      check(`${where} body`, body);
      checkExamples(`${where} body`, body?.content as Json | undefined);
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        check(`${where} ${status}`, response);
        checkExamples(`${where} ${status}`, response.content as Json | undefined);
      }
    }
    expect(operations.length).toBeGreaterThan(30);
    expect(examples).toBeGreaterThan(30);
    expect(unlabelled).toEqual([]);
  });

  it('labels the client keys’ token and scope as the spec’s and their least role as the reference’s', () => {
    for (const path of [
      '/api/v4/projects/{project_id}/error_tracking/client_keys',
      '/api/v4/projects/{project_id}/error_tracking/client_keys/{key_id}',
    ]) {
      for (const { where, operation } of operations.filter((item) => item.where.endsWith(` ${path}`))) {
        expect([operation['x-sunset-auth-origin'], operation['x-sunset-role-origin']], where).toEqual(['spec', 'reference']);
      }
    }
    const withRole = operations.filter(({ operation }) => operation['x-sunset-role-origin'] !== undefined);
    expect(withRole.length).toBeGreaterThan(20);
    expect(withRole.filter(({ operation }) => !ORIGINS.includes(operation['x-sunset-role-origin'] as string))).toEqual([]);
  });

  it('marks the parts and the rules of the analytics query body the spec does not show, inside a body the spec does show', () => {
    const load = operations.find(({ where }) => where === 'POST /api/v4/projects/{project_id}/product_analytics/request/load');
    const body = load?.operation.requestBody as Json;
    expect(body['x-sunset-origin']).toBe('spec');
    const schema = ((body.content as Json)['application/json'] as Json).schema;
    expect(referenceParts(schema)).toEqual([
      '(the whole schema): required',
      'query: additionalProperties',
      'query.measures[]: pattern',
      'query.dimensions[]',
      'query.order',
      'query.filters[]: required',
      'query.filters[].operator',
      'query.limit: minimum',
      'query.offset: minimum',
      'query.timeDimensions[]',
      'query.timezone',
      'queryType',
    ]);
    expect(load?.operation['x-sunset-auth-origin']).toBe('reference');
  });
});

describe('provenance in /register.json', async () => {
  const published = await json(registerJson as never);
  const entries = published.entries as { id: string; enforcement?: Json[] }[];

  it('labels every enforcement rule, rate-limit values included, as the reference implementation’s', () => {
    const rules = entries.flatMap((entry) => (entry.enforcement ?? []).map((rule) => ({ id: entry.id, rule })));
    expect(rules.length).toBeGreaterThanOrEqual(5);
    expect(rules.filter(({ rule }) => rule.origin !== 'reference').map(({ id }) => id)).toEqual([]);
    const rateLimit = rules.find(({ rule }) => rule.kind === 'rate-limit')?.rule;
    expect(rateLimit).toMatchObject({ origin: 'reference', requests: 60, window_seconds: 60 });
  });
});

describe('provenance of guide samples', () => {
  it('gives every sample in a guide an origin, and marks as reference every sample that authenticates the analytics query', async () => {
    const dir = path.join(CONTENT_DIR, 'guides');
    const samples: { file: string; origin: string | undefined; code: string }[] = [];
    for (const name of (await readdir(dir)).filter((file) => file.endsWith('.mdx'))) {
      const text = await readFile(path.join(dir, name), 'utf8');
      for (const match of text.matchAll(/<Example\b([\s\S]*?)\/>/g)) {
        const tag = match[1] ?? '';
        samples.push({ file: name, origin: /\borigin="(spec|reference)"/.exec(tag)?.[1], code: tag });
      }
    }
    expect(samples.length).toBeGreaterThanOrEqual(7);
    expect(samples.filter((sample) => !sample.origin).map((sample) => sample.file)).toEqual([]);
    const queryAuth = samples.filter(
      (sample) => sample.code.includes('product_analytics/request/load') && sample.code.includes('PRIVATE-TOKEN'),
    );
    expect(queryAuth.length).toBeGreaterThanOrEqual(3);
    expect(queryAuth.filter((sample) => sample.origin !== 'reference').map((sample) => sample.file)).toEqual([]);
    const chart = samples.find((sample) => sample.code.includes('type: ColumnChart'));
    expect(chart?.origin).toBe('reference');
  });
});
