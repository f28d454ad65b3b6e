import { describe, expect, it } from 'vitest';
import { normalizeReleaseInput } from '../../../src/register/plan/release-input.ts';

describe('normalizeReleaseInput', () => {
  it('reads a release as readers type it: a bare major, a tag with v, a patch release', () => {
    expect(normalizeReleaseInput('16')).toBe('16.0');
    expect(normalizeReleaseInput('v16.0')).toBe('16.0');
    expect(normalizeReleaseInput('V17')).toBe('17.0');
    expect(normalizeReleaseInput(' 16.0.3 ')).toBe('16.0');
    expect(normalizeReleaseInput('16.10')).toBe('16.10');
  });

  it('leaves anything else as typed, for the plan to refuse with a reason', () => {
    expect(normalizeReleaseInput('sixteen')).toBe('sixteen');
    expect(normalizeReleaseInput('16.x')).toBe('16.x');
    expect(normalizeReleaseInput('')).toBe('');
  });
});
