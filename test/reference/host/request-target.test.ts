import { describe, expect, it } from 'vitest';
import { nonCanonical, requestUrl } from '../../../src/reference/host/request-target.ts';

describe('request targets', () => {
  it('reads a path, an absolute form and a Host with a port or an IPv6 address', () => {
    expect(String(requestUrl('/a/b?c=1', 'localhost:8787'))).toBe('http://localhost:8787/a/b?c=1');
    expect(String(requestUrl('http://elsewhere/a?b', 'x'))).toBe('http://x/a?b');
    expect(String(requestUrl('/a', '[::1]:8787'))).toBe('http://[::1]:8787/a');
    expect(String(requestUrl('/a', undefined))).toBe('http://localhost/a');
  });

  it('answers 400 for a target that is not a path or a Host that is not a host', async () => {
    for (const [target, host] of [
      ['//', 'a'],
      ['*', 'a'],
      ['/a', '['],
      ['/a', 'a/b'],
      ['/a', 'user@a'],
    ] as const) {
      const answer = requestUrl(target, host);
      expect(answer, `${target} ${host}`).toBeInstanceOf(Response);
      expect((answer as Response).status).toBe(400);
    }
  });

  it('finds a second spelling of a path', () => {
    expect(nonCanonical('/api/v4/projects/1/error_tracking/errors')).toBeUndefined();
    expect(nonCanonical('/api/v4/error_tracking/collector/api/1/envelope/')).toBeUndefined();
    expect(nonCanonical('/')).toBeUndefined();
    expect(nonCanonical('/api/v4/projects/%31')).toMatch(/percent-escape/);
    expect(nonCanonical('/api/v4/projects/1/')).toMatch(/ends in a slash/);
    expect(nonCanonical('/api/v4//projects')).toMatch(/empty segment/);
    expect(nonCanonical('/api/v4/./projects')).toMatch(/dot segment/);
    expect(nonCanonical('/api/v4/x/../projects')).toMatch(/dot segment/);
    expect(nonCanonical('/api/v4/error_tracking/collector/api/1/store')).toMatch(/ends in a slash/);
  });
});
