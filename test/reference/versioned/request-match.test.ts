import { describe, expect, it } from 'vitest';
import { matchesRequest } from '../../../src/reference/versioned/request-match.ts';

const get = (query: string) => new Request(`http://localhost/x?${query}`);
const post = (body: BodyInit, type?: string) =>
  new Request('http://localhost/x', { method: 'POST', body, headers: type ? { 'content-type': type } : {} });

describe('which requests a rule concerns', () => {
  it('concerns every request without `when`', async () => {
    expect(await matchesRequest(undefined, get(''))).toBe(true);
  });

  it('needs every query parameter of query_all', async () => {
    const when = { query_all: ['ref', 'sha'] };
    expect(await matchesRequest(when, get('ref=a&sha=b'))).toBe(true);
    expect(await matchesRequest(when, get('ref=a&sha='))).toBe(true);
    expect(await matchesRequest(when, get('ref=a'))).toBe(false);
    expect(await matchesRequest(when, get('content_ref=a&sha=b'))).toBe(false);
  });

  it('needs one field of body_any, in a JSON, urlencoded or multipart body', async () => {
    const when = { body_any: ['token', 'paused'] };
    expect(await matchesRequest(when, post('{"paused":false}', 'application/json'))).toBe(true);
    expect(await matchesRequest(when, post('{"description":"x"}', 'application/json'))).toBe(false);
    expect(await matchesRequest(when, post(new URLSearchParams({ token: 't' })))).toBe(true);
    const form = new FormData();
    form.set('token', 't');
    expect(await matchesRequest(when, post(form))).toBe(true);
  });

  it('treats an unreadable body as one without fields and leaves the body for the endpoint', async () => {
    const when = { body_any: ['token'] };
    expect(await matchesRequest(when, post('{"token":', 'application/json'))).toBe(false);
    expect(await matchesRequest(when, post('["token"]', 'application/json'))).toBe(false);
    const request = post('{"token":"t"}', 'application/json');
    expect(await matchesRequest(when, request)).toBe(true);
    expect(await request.json()).toEqual({ token: 't' });
  });

  it('needs both parts when query_all and body_any are given', async () => {
    const when = { query_all: ['dry'], body_any: ['token'] };
    const request = (query: string) =>
      new Request(`http://localhost/x?${query}`, {
        method: 'POST',
        body: '{"token":"t"}',
        headers: { 'content-type': 'application/json' },
      });
    expect(await matchesRequest(when, request('dry=1'))).toBe(true);
    expect(await matchesRequest(when, request(''))).toBe(false);
  });
});
