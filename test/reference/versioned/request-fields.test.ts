import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/reference/platform/api-error.ts';
import { readBodyFields } from '../../../src/reference/versioned/request-fields.ts';
import { createHarness } from './harness.ts';

/** A request body's fields as REST clients send them: JSON, a URL-encoded form or a multipart form. */
const post = (body: BodyInit | null, type?: string) =>
  new Request('http://localhost/api/v4/runners', { method: 'POST', body, headers: type ? { 'content-type': type } : {} });

async function refusal(request: Request): Promise<string> {
  try {
    await readBodyFields(request);
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.message}`;
    throw error;
  }
  return 'accepted';
}

describe('the fields of a request body', () => {
  it('are read from a JSON object, and there are none in an empty or blank body', async () => {
    expect(await readBodyFields(post('{"token":"t","locked":true}', 'application/json'))).toEqual({ token: 't', locked: true });
    expect(await readBodyFields(post('  \n', 'application/json'))).toEqual({});
    expect(await readBodyFields(post(null))).toEqual({});
  });

  it('are read from a form, whatever the case of its type, a file part by its file name', async () => {
    expect(await readBodyFields(post('token=t&tag-list=a%2Cb', 'Application/X-WWW-Form-Urlencoded; charset=UTF-8'))).toEqual({
      token: 't',
      'tag-list': 'a,b',
    });
    const form = new FormData();
    form.set('token', 't');
    form.set('config', new File(['x'], 'runner.toml'));
    expect(await readBodyFields(new Request('http://localhost/', { method: 'POST', body: form }))).toEqual({
      token: 't',
      config: 'runner.toml',
    });
  });

  it('are refused with a 400 that says what was sent otherwise', async () => {
    expect(await refusal(post('{"token":', 'application/json'))).toMatch(
      /^400 400 Bad Request: the request body is not valid JSON: /,
    );
    for (const body of ['[1]', 'null', '"token"', '7']) {
      expect(await refusal(post(body, 'application/json')), body).toBe(
        '400 400 Bad Request: the request body must be a JSON object of named fields',
      );
    }
    expect(await refusal(post('not a multipart body', 'multipart/form-data; boundary=x'))).toBe(
      '400 400 Bad Request: the form body could not be read; check its Content-Type and encoding',
    );
  });

  it('decide how POST /api/v4/runners answers a registration token sent as a form', async () => {
    const { call } = await createHarness();
    const form = { body: 'token=demo-registration-token', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    expect((await call('POST', '/api/v4/runners', { ...form, release: '18.0' })).status).toBe(410);
    expect(
      (await call('POST', '/api/v4/runners', { body: '[]', headers: { 'content-type': 'application/json' }, release: '18.0' }))
        .status,
    ).toBe(400);
  });
});
