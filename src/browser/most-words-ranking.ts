/**
 * The answer when no page holds every word of a query: the pages that hold most of them, ranked by how many
 * words they hold. Among pages holding as many, a page that ranks high for a rare word comes first: a
 * reader's identifier (`CI_JOB_JWT`) says more than a word every page has (`replace`). Our own design; the
 * index answers each word alone and this joins the answers.
 */

/** One hit of one word's search, as the index scores it. */
export interface ScoredHit {
  id: string;
  /** The index's score for the page, higher is better; missing counts as equal to the best. */
  score?: number;
}

/** One word's search: the word and every page holding it, best first. */
export interface WordHits<T extends ScoredHit> {
  word: string;
  results: readonly T[];
}

/** A page of the joined answer and the words of the query it holds, in query order. */
export interface RankedHit<T extends ScoredHit> {
  result: T;
  words: string[];
}

/**
 * Joins the answers of a query's words one by one into one list: pages holding more of the words first;
 * among pages holding as many, the higher sum over their words of the page's score relative to the word's
 * best, weighted by how rare the word is; then the order the index gave. Pages holding none are absent.
 */
export function rankByWordsHeld<T extends ScoredHit>(answers: readonly WordHits<T>[]): RankedHit<T>[] {
  const pages = new Map<string, { result: T; words: Set<string>; weight: number; order: number }>();
  const total = new Set(answers.flatMap((answer) => answer.results.map((result) => result.id))).size;
  let order = 0;
  for (const { word, results } of answers) {
    if (results.length === 0) continue;
    const best = Math.max(...results.map((result) => result.score ?? 1)) || 1;
    const rarity = Math.log(1 + total / results.length);
    for (const result of results) {
      const page = pages.get(result.id) ?? { result, words: new Set<string>(), weight: 0, order: order++ };
      if (page.words.has(word)) continue;
      page.words.add(word);
      page.weight += ((result.score ?? best) / best) * rarity;
      pages.set(result.id, page);
    }
  }
  const queryOrder = answers.map((answer) => answer.word);
  return [...pages.values()]
    .sort((a, b) => b.words.size - a.words.size || b.weight - a.weight || a.order - b.order)
    .map(({ result, words }) => ({ result, words: queryOrder.filter((word) => words.has(word)) }));
}
