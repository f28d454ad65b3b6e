import { describe, expect, it } from 'vitest';
import { rankByWordsHeld } from '../../src/browser/most-words-ranking.ts';

const hit = (id: string, score?: number) => ({ id, score });

describe('rankByWordsHeld', () => {
  it('puts pages holding more of the words first, and says which they hold in query order', () => {
    const ranked = rankByWordsHeld([
      { word: 'personal', results: [hit('a', 5), hit('b', 1)] },
      { word: 'token', results: [hit('b', 1), hit('c', 9)] },
      { word: 'expiry', results: [hit('b', 1)] },
    ]);
    expect(ranked.map((page) => page.result.id)).toEqual(['b', 'a', 'c']);
    expect(ranked[0]).toEqual({ result: hit('b', 1), words: ['personal', 'token', 'expiry'] });
  });

  it('among pages holding as many, puts the one ranking high for a rare word first', () => {
    // "replace" is on three pages, the identifier on one: the identifier's page leads.
    const ranked = rankByWordsHeld([
      { word: 'replace', results: [hit('x', 10), hit('y', 10), hit('z', 10)] },
      { word: 'CI_JOB_JWT', results: [hit('jwt', 2)] },
    ]);
    expect(ranked.map((page) => page.result.id)[0]).toBe('jwt');
    expect(ranked).toHaveLength(4);
  });

  it('weighs a page by its score relative to the best for the word, and keeps the index order on a tie', () => {
    const ranked = rankByWordsHeld([
      { word: 'one', results: [hit('low', 1), hit('high', 4)] },
      { word: 'two', results: [hit('p', 3), hit('q', 3)] },
    ]);
    expect(ranked.map((page) => page.result.id)).toEqual(['high', 'p', 'q', 'low']);
  });

  it('counts a word once per page, reads a missing score as the best, and returns nothing for no hits', () => {
    const ranked = rankByWordsHeld([
      { word: 'a', results: [hit('p'), hit('p')] },
      { word: 'b', results: [] },
    ]);
    expect(ranked).toEqual([{ result: hit('p'), words: ['a'] }]);
    expect(rankByWordsHeld([])).toEqual([]);
    expect(rankByWordsHeld([{ word: 'a', results: [] }])).toEqual([]);
  });
});
