import { describe, expect, it } from 'vitest';
import { renamePairs } from '../../src/site/rename-pairs.ts';

describe('renamePairs', () => {
  it('pairs lists of the same length by position, one old name with its new one per row', () => {
    expect(renamePairs(['a_old', 'b_old'], ['a_new', 'b_new'])).toEqual([
      { from: ['a_old'], to: ['a_new'] },
      { from: ['b_old'], to: ['b_new'] },
    ]);
  });

  it('keeps one name split into several, or lists that do not pair, in one row', () => {
    expect(renamePairs(['operations_access_level'], ['a', 'b'])).toEqual([{ from: ['operations_access_level'], to: ['a', 'b'] }]);
    expect(renamePairs(['a', 'b', 'c'], ['x', 'y'])).toEqual([{ from: ['a', 'b', 'c'], to: ['x', 'y'] }]);
  });
});
