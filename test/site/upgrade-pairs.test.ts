import { describe, expect, it } from 'vitest';
import { consecutiveMajorPairs } from '../../src/site/upgrade-pairs.ts';

describe('consecutiveMajorPairs', () => {
  it('pairs each major with the next one present', () => {
    expect(consecutiveMajorPairs(['15.4', '16.0', '16.10', '17.3', '18.0', '20.0']).map((pair) => pair.slug)).toEqual([
      '15.0-to-16.0',
      '16.0-to-17.0',
      '17.0-to-18.0',
    ]);
  });
});
