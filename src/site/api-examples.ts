import type { ApiEndpoint } from '../schemas/api-endpoint.ts';

/** The spec's placeholder for an access token. */
export const ACCESS_TOKEN_PLACEHOLDER = '<ACCESS_TOKEN>';

interface ExampleRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
}

function exampleValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The request the examples show: path and query parameters filled from their examples (a path parameter
 * without one keeps its `{name}`), the access token as the spec's placeholder, and the first body example.
 */
export function exampleRequest(endpoint: ApiEndpoint, baseUrl: string): ExampleRequest {
  let path = endpoint.path;
  const query = new URLSearchParams();
  const headers: [string, string][] = [];
  for (const parameter of endpoint.parameters) {
    if (parameter.in === 'path' && parameter.example !== undefined) {
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(exampleValue(parameter.example)));
    } else if (parameter.in === 'query' && parameter.example !== undefined) {
      query.set(parameter.name, exampleValue(parameter.example));
    } else if (parameter.in === 'header' && parameter.name !== 'PRIVATE-TOKEN' && parameter.example !== undefined) {
      headers.push([parameter.name, exampleValue(parameter.example)]);
    }
  }
  if (endpoint.auth.kind === 'private-token') headers.unshift(['PRIVATE-TOKEN', ACCESS_TOKEN_PLACEHOLDER]);
  const example = endpoint.request_body?.examples[0];
  const body = example ? JSON.stringify(example.value, null, 2) : undefined;
  if (endpoint.request_body && !headers.some(([name]) => name.toLowerCase() === 'content-type')) {
    headers.push(['Content-Type', endpoint.request_body.content_type]);
  }
  const search = query.toString();
  return {
    method: endpoint.method,
    url: `${baseUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`,
    headers,
    ...(body !== undefined ? { body } : {}),
  };
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The request as a curl command. */
export function curlExample(endpoint: ApiEndpoint, baseUrl: string): string {
  const request = exampleRequest(endpoint, baseUrl);
  const lines = [`curl --request ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`  --header ${shellQuote(`${name}: ${value}`)}`);
  if (request.body !== undefined) lines.push(`  --data ${shellQuote(request.body)}`);
  return lines.join(' \\\n');
}

/** The request as JavaScript `fetch`, printing the JSON answer. */
export function fetchExample(endpoint: ApiEndpoint, baseUrl: string): string {
  const request = exampleRequest(endpoint, baseUrl);
  const init = [`  method: ${JSON.stringify(request.method)},`];
  if (request.headers.length > 0) {
    init.push('  headers: {');
    for (const [name, value] of request.headers) init.push(`    ${JSON.stringify(name)}: ${JSON.stringify(value)},`);
    init.push('  },');
  }
  if (request.body !== undefined) {
    init.push(`  body: JSON.stringify(${request.body.replace(/\n/g, '\n  ')}),`);
  }
  return [
    `const response = await fetch(${JSON.stringify(request.url)}, {`,
    ...init,
    '});',
    "if (!response.ok) throw new Error(response.status + ': ' + (await response.text()));",
    request.method === 'DELETE' ? 'console.log(response.status);' : 'console.log(await response.json());',
  ].join('\n');
}
