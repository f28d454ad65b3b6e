import { describe, expect, it } from 'vitest';
import { nominalReleaseDate } from '../../../src/reference/versioned/release-calendar.ts';
import { decide, type EntryRule } from '../../../src/reference/versioned/versioned-decision.ts';

const context = { calendar: nominalReleaseDate, siteUrl: 'https://site.example' };
const rule = (id: string, removed_in: string, status = 410, announced_in?: string): EntryRule => ({
  entry: { id, removed_in, ...(announced_in ? { announced_in } : {}) },
  rule: { kind: 'reject', origin: 'reference', endpoint: 'e', status, message: `${id} is gone` },
});
const link = (id: string) => `<https://site.example/register/${id}/>; rel="deprecation"; type="text/html"`;

describe('the versioned decision for a request', () => {
  it('answers as usual without headers when no rule matched', () => {
    expect(decide([], '18.0', context)).toEqual({ kind: 'answer', headers: {} });
  });

  it('marks a request deprecated before removal, since the release answered as when the entry gives no announcement', () => {
    expect(decide([rule('a', '18.0')], '17.3', context)).toEqual({
      kind: 'answer',
      headers: { Deprecation: '@1723680000', Sunset: 'Thu, 15 May 2025 00:00:00 GMT', Link: link('a') },
    });
  });

  it('dates the deprecation from announced_in and marks nothing before it', () => {
    const announced = [rule('a', '18.0', 410, '17.0')];
    expect(decide(announced, '16.11', context)).toEqual({ kind: 'answer', headers: {} });
    expect(decide(announced, '17.5', context).headers.Deprecation).toBe('@1715817600');
  });

  it('rejects from the removal release with the earliest removal first and links every rejecting entry', () => {
    const matched = [rule('late', '19.0', 400), rule('b', '18.0'), rule('a', '18.0')];
    expect(decide(matched, '19.0', context)).toEqual({
      kind: 'reject',
      status: 410,
      message: 'a is gone',
      headers: { Link: [link('a'), link('b'), link('late')].join(', ') },
    });
    expect(decide(matched, '18.0', context)).toMatchObject({ kind: 'reject', status: 410, message: 'a is gone' });
  });
});
