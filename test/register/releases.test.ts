import { describe, expect, it } from 'vitest';
import { compareReleases, inRange, isRelease, majorOf, newestFirst, parseRelease } from '../../src/register/releases.ts';

describe('releases', () => {
  it('compares numerically, so 16.10 comes after 16.9', () => {
    expect(compareReleases('16.10', '16.9')).toBeGreaterThan(0);
    expect(compareReleases('17.0', '16.11')).toBeGreaterThan(0);
    expect(compareReleases('18.0', '18.0')).toBe(0);
  });

  it('parses only major.minor', () => {
    expect(parseRelease('16.10')).toEqual({ major: 16, minor: 10 });
    for (const bad of ['16', '16.1.2', 'v16.0', '16.01', '', 'banana']) expect(isRelease(bad), bad).toBe(false);
  });

  it('parses the same text the same way however often it is asked, past the bound of what it remembers', () => {
    for (let round = 0; round < 2; round++) {
      expect(parseRelease('16.10')).toEqual({ major: 16, minor: 10 });
      expect(parseRelease(' 17.0 ')).toEqual({ major: 17, minor: 0 });
      expect(parseRelease('16.01')).toBeUndefined();
      expect(isRelease('banana')).toBe(false);
      // More distinct texts than are remembered at once: the answers stay right when the memory is cleared.
      for (let minor = 0; minor < 5000; minor++) expect(parseRelease(`9.${minor}`)?.minor).toBe(minor);
    }
    // The parts are shared between callers: nobody may change them for the others.
    expect(Object.isFrozen(parseRelease('16.10'))).toBe(true);
  });

  it('treats ranges as (from, to]', () => {
    expect(inRange('17.0', '16.11', '17.0')).toBe(true);
    expect(inRange('16.11', '16.11', '17.0')).toBe(false);
    expect(inRange('17.1', '16.11', '17.0')).toBe(false);
  });

  it('sorts newest first and finds the major', () => {
    expect(newestFirst(['16.9', '16.10', '15.11', '17.0'])).toEqual(['17.0', '16.10', '16.9', '15.11']);
    expect(majorOf('16.10')).toBe('16.0');
  });

  it('refuses to compare something that is not a release', () => {
    expect(() => compareReleases('sixteen', '16.0')).toThrow(/is not a release/);
  });
});
