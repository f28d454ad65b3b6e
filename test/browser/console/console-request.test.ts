import { describe, expect, it } from 'vitest';
import {
  buildConsoleRequest,
  headerLines,
  missingPathParams,
  parseHeaderLines,
  withHeader,
} from '../../../src/browser/console/console-request.ts';

const input = {
  method: 'get',
  path: '/api/v4/projects/{id}/ci/lint',
  baseUrl: 'http://localhost:8787/',
  pathParams: { id: 'group/sub project' },
  query: [
    ['ref', 'main'],
    ['sha', ''],
    ['dry_run', 'true'],
  ] as [string, string][],
  headers: [
    ['PRIVATE-TOKEN', 'demo-read-token'],
    ['X-Empty', ' '],
  ] as [string, string][],
  body: '{"ignored": true}',
};

describe('the console request', () => {
  it('fills path parameters encoded, sends only filled query parameters and drops a GET body', () => {
    expect(buildConsoleRequest(input)).toEqual({
      method: 'GET',
      url: 'http://localhost:8787/api/v4/projects/group%2Fsub%20project/ci/lint?ref=main&dry_run=true',
      headers: [['PRIVATE-TOKEN', 'demo-read-token']],
    });
  });

  it('keeps the body of a POST and an unfilled path parameter as its placeholder', () => {
    const request = buildConsoleRequest({ ...input, method: 'POST', pathParams: { id: '' } });
    expect(request.url).toContain('/projects/{id}/ci/lint');
    expect(request.body).toBe('{"ignored": true}');
    expect(missingPathParams({ path: input.path, pathParams: { id: ' ' } })).toEqual(['id']);
    expect(missingPathParams(input)).toEqual([]);
  });

  it('reads header lines and names the line that is not a header', () => {
    expect(parseHeaderLines('Content-Type: application/json\n\nX-Platform-Release:17.0')).toEqual({
      headers: [
        ['Content-Type', 'application/json'],
        ['X-Platform-Release', '17.0'],
      ],
      problems: [],
    });
    expect(parseHeaderLines('Accept: */*\njust text').problems).toEqual([
      { field: 'headers', message: 'line 2: write a header as "Name: value"' },
    ]);
    expect(
      headerLines([
        ['A', '1'],
        ['B', '2'],
      ]),
    ).toBe('A: 1\nB: 2');
  });

  it('sets a header whatever its case and removes it when empty', () => {
    const headers: [string, string][] = [
      ['private-token', 'old'],
      ['Accept', '*/*'],
    ];
    expect(withHeader(headers, 'PRIVATE-TOKEN', 'new')).toEqual([
      ['Accept', '*/*'],
      ['PRIVATE-TOKEN', 'new'],
    ]);
    expect(withHeader(headers, 'PRIVATE-TOKEN', '')).toEqual([['Accept', '*/*']]);
  });
});
