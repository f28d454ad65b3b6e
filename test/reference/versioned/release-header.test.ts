import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createReference } from '../../../src/reference/reference.ts';
import { buildRequest, createHarness, theRegister } from './harness.ts';

const RESET = '/api/v4/runners/reset_registration_token';
const token = 'demo-admin-token';

describe('the release a request is answered as', () => {
  it('is the newest release of the register by default', async () => {
    const { call, reference } = await createHarness();
    expect(reference.versioned?.behaviour.releases.fallback).toBe('20.0');
    expect((await call('POST', RESET, { token })).status).toBe(410);
  });

  it('is the reference setting when the request picks none', async () => {
    const { call } = await createHarness({ release: '17.0' });
    const response = await call('POST', RESET, { token });
    expect(response.status).toBe(201);
    expect(response.headers.get('deprecation')).toMatch(/^@\d+$/);
  });

  it('is the X-Platform-Release header when the request sends one, over the setting', async () => {
    const older = await createHarness({ release: '17.0' });
    expect((await older.call('POST', RESET, { token, release: '18.0' })).status).toBe(410);
    const newer = await createHarness({ release: '18.0' });
    expect((await newer.call('POST', RESET, { token, release: '17.0' })).status).toBe(201);
    expect((await newer.call('POST', RESET, { token, release: ' 16.10 ' })).status).toBe(201);
  });

  it('accepts a release the register names nothing in, between its lowest and highest majors', async () => {
    const { call } = await createHarness();
    expect((await call('POST', RESET, { token, release: '17.4' })).status).toBe(201);
  });

  it('answers an unknown release with a 400 that says how releases look', async () => {
    const { call } = await createHarness();
    for (const release of ['banana', '18', '17.01', '21.0', '14.9']) {
      const response = await call('POST', RESET, { token, release });
      expect(response.status, release).toBe(400);
      const { message } = await response.json();
      expect(message).toContain(`X-Platform-Release "${release}" is not a release this reference knows`);
      expect(message).toContain('releases look like "17.0" or "16.10" (major.minor), with a major from 15 to 20');
      expect(message).toContain('leave the header out to be answered as 20.0');
    }
  });

  it('refuses to build a reference set to an unknown release', async () => {
    const register = await theRegister();
    expect(() => createReference({ register, release: '99.0' })).toThrow(/release "99.0" is not one the register knows/);
  });

  it('leaves the reference without the versioned endpoints when no register is given', async () => {
    const reference = createReference();
    expect(reference.versioned).toBeUndefined();
    const request = buildRequest('http://localhost', 'POST', RESET, { token, release: '17.0' });
    expect(await getResponse(reference.handlers, request)).toBeUndefined();
  });
});
