import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { apiEndpointSchema } from '../../../src/schemas/api-endpoint.ts';
import { createHarness } from './harness.ts';

const API_DIR = path.resolve(import.meta.dirname, '../../../content/api');
const files = (await readdir(API_DIR)).filter((name) => name.startsWith('error-tracking-'));
const endpoints = await Promise.all(
  files.map(async (name) => apiEndpointSchema.parse(load(await readFile(path.join(API_DIR, name), 'utf8')))),
);

describe('error-tracking endpoints in content/api', () => {
  it.each(endpoints.map((endpoint) => [endpoint.id, endpoint] as const))(
    '%s is served by the reference handlers',
    async (_id, endpoint) => {
      const { call } = createHarness();
      const url = endpoint.path.replace('{project_id}', '1').replace('{error_id}', '1').replace('{key_id}', '1');
      const response = await call(endpoint.method, url);
      expect(endpoint.reference).toBe(true);
      expect(endpoint.responses.map((documented) => documented.status)).toContain(response.status);
    },
  );
});
