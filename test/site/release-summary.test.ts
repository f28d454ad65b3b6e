import { describe, expect, it } from 'vitest';
import { summarizeRelease } from '../../src/site/release-summary.ts';
import { makeEntry } from './entry-fixture.ts';

const areas = [
  { id: 'ci', title: 'CI', description: '.' },
  { id: 'tokens', title: 'Tokens', description: '.' },
  { id: 'geo', title: 'Geo', description: '.' },
];

describe('summarizeRelease', () => {
  it('counts per area and puts areas with breaking changes first, breaking entries first inside', () => {
    const summary = summarizeRelease(
      '17.0',
      [
        makeEntry({ id: 'a', area: 'ci', breaking: false, title: 'A' }),
        makeEntry({ id: 'b', area: 'ci', breaking: false, title: 'B' }),
        makeEntry({ id: 'c', area: 'tokens', breaking: true, title: 'C' }),
        makeEntry({ id: 'd', area: 'geo', breaking: true, title: 'Z' }),
        makeEntry({ id: 'e', area: 'geo', breaking: false, title: 'E' }),
      ],
      areas,
    );
    expect(summary).toMatchObject({ release: '17.0', total: 5, breaking: 2 });
    expect(summary.areas.map((group) => [group.area.id, group.breaking, group.total])).toEqual([
      ['geo', 1, 2],
      ['tokens', 1, 1],
      ['ci', 0, 2],
    ]);
    expect(summary.areas[0]?.entries.map((entry) => entry.id)).toEqual(['d', 'e']);
  });
});
