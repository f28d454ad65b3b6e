import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/reference/platform/clock.ts';
import { createReference } from '../../../src/reference/reference.ts';
import { entryPageUrl } from '../../../src/reference/versioned/deprecation-headers.ts';
import { theRegister } from './harness.ts';

/** What versioned behaviour falls back on: links relative to the host without a site URL, one slash before the path. */
describe('versioned behaviour defaults', () => {
  it('links an entry page under the site URL with one slash, or relative to the host without one', async () => {
    expect(entryPageUrl('https://s.test//', 'ci-lint-ref-and-sha-blocked')).toBe(
      'https://s.test/register/ci-lint-ref-and-sha-blocked/',
    );
    expect(entryPageUrl('', 'x')).toBe('/register/x/');
    const register = await theRegister();
    const reference = createReference({
      clock: manualClock('2025-06-02T09:00:00Z'),
      register: { ...register, settings: undefined },
      release: '17.0',
    });
    const request = new Request('http://localhost:8787/api/v4/projects/1/ci/lint?ref=main&sha=abc', {
      headers: { 'PRIVATE-TOKEN': 'demo-read-token' },
    });
    const response = await getResponse(reference.handlers, request);
    expect(response?.status).toBe(200);
    expect(response?.headers.get('link')).toBe('</register/ci-lint-ref-and-sha-blocked/>; rel="deprecation"; type="text/html"');
  });
});
