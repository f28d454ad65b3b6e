import { describe, expect, it } from 'vitest';
import { getDomain } from '../../../src/reference/browser/registrable-domain.ts';

describe('the registrable domain stand-in', () => {
  it('takes the last two labels of a name and none for addresses or single labels', () => {
    expect(getDomain('docs.sunset.example.com')).toBe('example.com');
    expect(getDomain('example.com')).toBe('example.com');
    expect(getDomain('localhost')).toBeNull();
    expect(getDomain('127.0.0.1')).toBeNull();
    expect(getDomain('::1')).toBeNull();
  });
});
