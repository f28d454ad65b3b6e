import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildJsonSchema, PUBLISHED_SCHEMAS } from '../../src/site/json-schemas.ts';

const siteUrl = 'https://docs.example.com/';

function validatorFor(name: string) {
  const published = PUBLISHED_SCHEMAS.find((candidate) => candidate.name === name);
  if (!published) throw new Error(`no schema ${name}`);
  const ajv = new Ajv2020({ strict: false });
  return ajv.compile(buildJsonSchema(published, siteUrl));
}

describe('published JSON Schemas', () => {
  it('publishes funnel, visualization, dashboard and register-entry schemas with stable ids', () => {
    expect(PUBLISHED_SCHEMAS.map((published) => published.name)).toEqual([
      'funnel',
      'visualization',
      'dashboard',
      'register-entry',
      'sunset-config',
    ]);
    const schema = buildJsonSchema(PUBLISHED_SCHEMAS[0] as (typeof PUBLISHED_SCHEMAS)[number], siteUrl);
    expect(schema.$id).toBe('https://docs.example.com/schemas/funnel.schema.json');
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('accepts a .sunset.yml as written and rejects an unknown key, a bad level or a release as a number', () => {
    const validate = validatorFor('sunset-config');
    const settings = {
      to: '18.0',
      from: '17.11',
      offering: 'hosted',
      paths: ['ci'],
      'fail-on': 'deprecated',
      'site-url': 'https://docs.example.org/sunset',
      ignore: ['vendor/', '!vendor/own.yml'],
      rules: { 'ci-job-jwt-removed': 'off', 'after-script-runs-on-cancel': 'error' },
    };
    expect(validate(settings)).toBe(true);
    expect(validate({ ...settings, rules: { 'ci-job-jwt-removed': 'info' } })).toBe(false);
    expect(validate({ ...settings, ignore: [''] })).toBe(false);
    expect(validate({})).toBe(true);
    expect(validate({ ...settings, colour: 'red' })).toBe(false);
    expect(validate({ ...settings, 'fail-on': 'sometimes' })).toBe(false);
    expect(validate({ ...settings, to: 18 })).toBe(false);
  });

  it('accepts a funnel as written and rejects an unsupported action', () => {
    const validate = validatorFor('funnel');
    const funnel = { seconds_to_convert: 3600, steps: [{ name: 'view_pricing', action: 'pageview', target: '/pricing' }] };
    expect(validate(funnel)).toBe(true);
    expect(validate({ ...funnel, steps: [{ name: 'click', action: 'click', target: '/pricing' }] })).toBe(false);
    expect(validate({ steps: funnel.steps })).toBe(false);
  });

  it('accepts a funnel visualization and rejects a wrong data type', () => {
    const validate = validatorFor('visualization');
    const visualization = {
      version: 1,
      type: 'ColumnChart',
      data: {
        type: 'semantic_analytics',
        query: { measures: ['signup.count'], dimensions: ['signup.step'], limit: 100, timezone: 'UTC', timeDimensions: [] },
      },
      options: { xAxis: { name: 'Step', type: 'category' }, yAxis: { name: 'Users', type: 'value' } },
    };
    expect(validate(visualization)).toBe(true);
    expect(validate({ ...visualization, data: { ...visualization.data, type: 'cube_analytics' } })).toBe(false);
  });

  it('treats fields with defaults as optional in a register entry and rejects unknown fields', () => {
    const validate = validatorFor('register-entry');
    const entry = {
      id: 'x-removed',
      title: 'X is removed',
      area: 'ci',
      kind: 'removal',
      removed_in: '17.0',
      breaking: true,
      breaking_reason: 'Jobs that use X fail to start.',
      offerings: ['hosted'],
      summary: 'X goes.',
      migration: 'Use Y.',
    };
    expect(validate(entry)).toBe(true);
    expect(validate({ ...entry, colour: 'red' })).toBe(false);
    expect(validate({ ...entry, removed_in: 17.0 })).toBe(false);
  });
});
