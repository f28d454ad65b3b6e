import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR, readContent } from '../../src/register/index.ts';
import { type ApiEndpoint, apiEndpointSchema } from '../../src/schemas/api-endpoint.ts';
import { buildOpenApi, openApiPath } from '../../src/site/openapi.ts';
import { makeEntry } from './entry-fixture.ts';

const area = { id: 'error-tracking', title: 'Error tracking', description: 'Errors.' };
const endpoint: ApiEndpoint = apiEndpointSchema.parse({
  id: 'keys-delete',
  title: 'Delete a key',
  method: 'DELETE',
  path: '/api/v4/projects/:project_id/keys/{key_id}',
  area: 'error-tracking',
  origin: 'spec',
  summary: 'Deletes a key.',
  auth: { kind: 'private-token', scopes: ['api'], origin: 'spec' },
  parameters: [{ name: 'key_id', in: 'path', description: 'The key.', schema: { type: 'integer' }, origin: 'reference' }],
  responses: [{ status: 204, description: 'Deleted.', origin: 'reference' }],
});
const options = {
  baseUrl: 'https://platform.example.com/',
  siteUrl: 'https://docs.example.com',
  areas: [area],
  entries: [makeEntry({ id: 'keys-change', endpoints: ['keys-delete'] })],
  version: '20.0',
};

describe('buildOpenApi', () => {
  it('produces a document a real OpenAPI 3.1 validator accepts', async () => {
    const document = buildOpenApi([endpoint], options);
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('declares path parameters the content leaves out and rewrites :name segments', () => {
    const document = buildOpenApi([endpoint], options) as {
      paths: Record<string, { delete: { parameters: { name: string }[] } }>;
    };
    const operation = document.paths['/api/v4/projects/{project_id}/keys/{key_id}']?.delete;
    expect(operation?.parameters.map((parameter) => parameter.name)).toEqual(['key_id', 'project_id']);
    expect(openApiPath('/groups/:id/runners')).toBe('/groups/{id}/runners');
  });

  it('marks reference-design shapes and links the register entries that touch an endpoint', () => {
    const json = JSON.stringify(buildOpenApi([endpoint], options));
    expect(json).toContain('"x-sunset-origin":"reference"');
    expect(json).toContain(
      '"x-sunset-changes":[{"id":"keys-change","removed_in":"17.0","url":"https://docs.example.com/register/keys-change/"}]',
    );
    expect(json).toContain('"servers":[{"url":"https://platform.example.com"');
    expect(json).toContain('"security":[{"privateToken":["api"]}]');
  });

  it('validates for every endpoint in content/api', async () => {
    const { data } = await readContent(CONTENT_DIR);
    expect(data.endpoints.length).toBeGreaterThan(0);
    const document = buildOpenApi(data.endpoints, { ...options, areas: data.areas, entries: data.entries });
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(Object.keys(document.paths as object)).toHaveLength(
      new Set(data.endpoints.map((item) => openApiPath(item.path))).size,
    );
  });
});
