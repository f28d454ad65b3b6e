import { describe, expect, it } from 'vitest';
import { nominalReleaseDate } from '../../../src/reference/versioned/release-calendar.ts';
import { createHarness, entryLink } from './harness.ts';

const LINT = '/api/v4/projects/1/ci/lint';
const token = 'demo-read-token';

describe('GET /api/v4/projects/{id}/ci/lint by release', () => {
  it('answers ref with sha in 17.x and marks the request deprecated by the ci/lint entry', async () => {
    const { call } = await createHarness();
    for (const release of ['17.0', '17.9']) {
      const response = await call('GET', `${LINT}?ref=main&sha=abc123`, { token, release });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ valid: true, errors: [], warnings: [] });
      expect(response.headers.get('deprecation')).toBe(`@${nominalReleaseDate(release).getTime() / 1000}`);
      expect(response.headers.get('sunset')).toBe(nominalReleaseDate('18.0').toUTCString());
      expect(response.headers.get('link')).toBe(entryLink('ci-lint-ref-and-sha-blocked'));
    }
  });

  it('rejects ref with sha from 18.0 with a 400 that names content_ref and dry_run_ref', async () => {
    const { call } = await createHarness();
    for (const release of ['18.0', '19.0']) {
      const response = await call('GET', `${LINT}?ref=main&sha=abc123`, { token, release });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.message).toMatch(/ref and sha cannot be sent together from 18\.0; use content_ref and dry_run_ref/);
      expect(body.error).toBe(body.message);
      expect(response.headers.get('link')).toBe(entryLink('ci-lint-ref-and-sha-blocked'));
      expect(response.headers.get('deprecation')).toBeNull();
    }
  });

  it('keeps answering ref alone, and content_ref with dry_run_ref, in 18.0 without deprecation headers', async () => {
    const { call } = await createHarness();
    for (const query of ['ref=main', 'sha=abc123', 'content_ref=main&dry_run_ref=main&dry_run=true']) {
      const response = await call('GET', `${LINT}?${query}`, { token, release: '18.0' });
      expect(response.status, query).toBe(200);
      expect(response.headers.get('deprecation'), query).toBeNull();
      expect(response.headers.get('link'), query).toBeNull();
    }
  });

  it('returns the reference-design lint record', async () => {
    const { call } = await createHarness();
    const response = await call('GET', `${LINT}?content_ref=main`, { token });
    expect(await response.json()).toEqual({
      valid: true,
      errors: [],
      warnings: [],
      merged_yaml: 'test:\n  script:\n    - npm test\n',
    });
  });

  it('authenticates with PRIVATE-TOKEN and hides projects the token cannot see', async () => {
    const { call } = await createHarness();
    expect((await call('GET', `${LINT}?ref=main`)).status).toBe(401);
    expect((await call('GET', `${LINT}?ref=main`, { token: 'not-a-token' })).status).toBe(401);
    const missing = await call('GET', '/api/v4/projects/99/ci/lint?ref=main', { token });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toMatch(/no project with id 99/);
  });
});
