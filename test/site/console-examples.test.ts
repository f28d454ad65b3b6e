import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildConsoleRequest, withHeader } from '../../src/browser/console/console-request.ts';
import { loadRegister } from '../../src/register/index.ts';
import { consoleData } from '../../src/site/console-data.ts';
import { referenceAt } from '../reference/analytics/analytics-fixtures.ts';

const register = await loadRegister();
const releases = register.releases.map((release) => release.release);

describe('the query console', () => {
  const endpoint = register.endpoints.find((candidate) => candidate.id === 'product-analytics-load');
  const data = endpoint && consoleData(endpoint, releases, register.entries);

  it('answers every body example with 200, sent as the console sends it', async () => {
    expect(data?.body?.examples.length).toBeGreaterThanOrEqual(4);
    for (const example of data?.body?.examples ?? []) {
      const reference = referenceAt('2024-06-01T00:00:00Z');
      const request = buildConsoleRequest({
        method: data?.method ?? '',
        path: data?.path ?? '',
        baseUrl: 'http://localhost',
        pathParams: Object.fromEntries((data?.pathParams ?? []).map((field) => [field.name, field.value])),
        query: (data?.query ?? []).map((field): [string, string] => [field.name, field.value]),
        headers: withHeader([['Content-Type', data?.body?.contentType ?? '']], 'PRIVATE-TOKEN', data?.token ?? ''),
        body: example.text,
      });
      const response = await getResponse(
        reference.handlers,
        new Request(request.url, { method: request.method, headers: request.headers, body: request.body ?? null }),
      );
      expect(response?.status, `${example.summary}: ${await response?.clone().text()}`).toBe(200);
      // A multi query answers with the list of results; any other with the one result and its rows.
      const answer = (await response?.json()) as { results?: unknown[]; data?: unknown[] };
      if (/queryType multi/.test(example.summary)) expect(Array.isArray(answer.results), example.summary).toBe(true);
      else expect(Array.isArray(answer.data), example.summary).toBe(true);
    }
  });

  it('prefills queryType for no example: the raw-export examples carry it in their body', () => {
    expect(data?.query.find((field) => field.name === 'queryType')?.value).toBe('');
  });
});
