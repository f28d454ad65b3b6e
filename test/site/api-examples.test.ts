import { describe, expect, it } from 'vitest';
import { type ApiEndpoint, apiEndpointSchema } from '../../src/schemas/api-endpoint.ts';
import { curlExample, exampleRequest, fetchExample } from '../../src/site/api-examples.ts';

const endpoint: ApiEndpoint = apiEndpointSchema.parse({
  id: 'load',
  title: 'Run a query',
  method: 'POST',
  path: '/api/v4/projects/{project_id}/load',
  area: 'product-analytics',
  origin: 'spec',
  summary: 'Runs it.',
  auth: { kind: 'private-token', scopes: ['api'], origin: 'spec' },
  parameters: [
    { name: 'project_id', in: 'path', description: 'Project.', example: 1, origin: 'spec' },
    { name: 'queryType', in: 'query', description: 'Kind.', example: 'multi', origin: 'spec' },
    { name: 'ref', in: 'query', description: 'No example, so left out.', origin: 'spec' },
  ],
  request_body: {
    description: 'Body.',
    origin: 'spec',
    examples: [{ summary: 'It', value: { query: { note: "it's" } }, origin: 'reference' }],
  },
  responses: [{ status: 200, description: 'Ok.', origin: 'reference' }],
});

describe('API examples', () => {
  it('fill path and query parameters from their examples and use the spec token placeholder', () => {
    expect(exampleRequest(endpoint, 'https://platform.example.com/')).toMatchObject({
      method: 'POST',
      url: 'https://platform.example.com/api/v4/projects/1/load?queryType=multi',
      headers: [
        ['PRIVATE-TOKEN', '<ACCESS_TOKEN>'],
        ['Content-Type', 'application/json'],
      ],
    });
  });

  it('write a curl command that quotes single quotes safely', () => {
    const curl = curlExample(endpoint, 'https://platform.example.com');
    expect(curl.split('\n')[0]).toBe(
      "curl --request POST 'https://platform.example.com/api/v4/projects/1/load?queryType=multi' \\",
    );
    expect(curl).toContain(`"note": "it'\\''s"`);
  });

  it('write JavaScript fetch code that parses', () => {
    const code = fetchExample(endpoint, 'https://platform.example.com');
    expect(code).toContain('method: "POST"');
    expect(code).toContain('"PRIVATE-TOKEN": "<ACCESS_TOKEN>"');
    expect(() => new Function(`return (async () => { ${code} })`)).not.toThrow();
  });
});
