import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { readYamlWith } from '../../../../src/register/yaml-source.ts';
import { apiEndpointSchema } from '../../../../src/schemas/api-endpoint.ts';
import { referenceAt } from '../analytics-fixtures.ts';

const API = path.resolve(import.meta.dirname, '../../../../content/api');
const files = (await readdir(API)).filter((name) => name.startsWith('product-analytics-'));
const endpoints = await Promise.all(
  files.map(async (name) => {
    const result = readYamlWith(apiEndpointSchema, name, await readFile(path.join(API, name), 'utf8'));
    if (!result.ok) throw new Error(`${name}: ${result.problems.map((problem) => problem.message).join('; ')}`);
    return result.data;
  }),
);

describe('product-analytics endpoints in content/api', () => {
  it('documents the reference design endpoints, labelled as such', () => {
    const ids = endpoints.filter((endpoint) => endpoint.origin === 'reference').map((endpoint) => endpoint.id);
    for (const id of [
      'product-analytics-instance-settings',
      'product-analytics-instance-settings-update',
      'product-analytics-project-settings',
      'product-analytics-project-settings-update',
      'product-analytics-project-settings-delete',
      'product-analytics-onboarding',
      'product-analytics-onboarding-create',
      'product-analytics-usage-quota',
      'product-analytics-collector',
      'product-analytics-collector-pixel',
    ])
      expect(ids).toContain(id);
  });

  it('has a handler for every documented endpoint', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z');
    for (const endpoint of endpoints) {
      const url = `http://localhost${endpoint.path.replace('{project_id}', '1').replace('{group_id}', '10')}`;
      const response = await getResponse(reference.handlers, new Request(url, { method: endpoint.method }));
      expect(response, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(response?.status, `${endpoint.method} ${endpoint.path}`).toBeLessThan(500);
    }
  });
});
