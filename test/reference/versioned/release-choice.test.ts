import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/reference/platform/api-error.ts';
import { releaseChoice } from '../../../src/reference/versioned/release-choice.ts';

const releases = ['16.0', '16.10', '17.0', '18.0'];
const request = (release?: string) =>
  new Request('http://localhost/x', release === undefined ? {} : { headers: { 'X-Platform-Release': release } });

describe('the release choice', () => {
  it('defaults to the newest release, compared numerically', () => {
    expect(releaseChoice(['16.9', '16.10', '16.2']).fallback).toBe('16.10');
    expect(releaseChoice(releases).forRequest(request())).toBe('18.0');
  });

  it('takes a header over the setting, and an empty header as none', () => {
    const choice = releaseChoice(releases, '17.0');
    expect(choice.forRequest(request('16.5'))).toBe('16.5');
    expect(choice.forRequest(request(''))).toBe('17.0');
  });

  it('rejects an unknown release in the header with an ApiError of status 400', () => {
    const choice = releaseChoice(releases);
    expect(() => choice.forRequest(request('19.0'))).toThrow(ApiError);
    try {
      choice.forRequest(request('v18'));
    } catch (error) {
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).message).toContain('with a major from 16 to 18');
    }
  });

  it('throws for an empty release list or an unknown setting', () => {
    expect(() => releaseChoice([])).toThrow(/lists no releases/);
    expect(() => releaseChoice(releases, '15.0')).toThrow(/release "15.0" is not one the register knows/);
  });
});
