import { describe, expect, it } from 'vitest';
import { prettyBody, requestText, responseText, statusLine } from '../../../src/browser/try/http-exchange.ts';

describe('http exchange text', () => {
  it('writes a same-origin request as a path with its headers and pretty body', () => {
    const text = requestText(
      {
        method: 'POST',
        url: 'http://127.0.0.1:4321/api/v4/projects/1/error_tracking/client_keys?x=1',
        headers: { 'PRIVATE-TOKEN': 'demo-maintainer-token' },
        body: '{"a":1}',
      },
      'http://127.0.0.1:4321',
    );
    expect(text).toBe(
      'POST /api/v4/projects/1/error_tracking/client_keys?x=1\nPRIVATE-TOKEN: demo-maintainer-token\n\n{\n  "a": 1\n}',
    );
    expect(requestText({ method: 'GET', url: 'https://other.example/x', headers: {} }, 'http://127.0.0.1:4321')).toBe(
      'GET https://other.example/x',
    );
  });

  it('writes an answer with a reason phrase even when the host sent none', () => {
    expect(statusLine({ status: 401, statusText: '' })).toBe('401 Unauthorized');
    expect(
      responseText({ status: 401, statusText: '', headers: [['content-type', 'application/json']], body: '{"message":"no"}' }),
    ).toBe('401 Unauthorized\ncontent-type: application/json\n\n{\n  "message": "no"\n}');
    expect(responseText({ status: 204, statusText: 'No Content', headers: [], body: '' })).toBe('204 No Content');
  });

  it('leaves bodies that are not JSON as they are', () => {
    expect(prettyBody('ok')).toBe('ok');
    expect(prettyBody('  ')).toBe('');
  });
});
