/**
 * How a reader's query becomes the words the index is asked for. Readers paste variables as a CI file writes
 * them (`$CI_JOB_JWT_V2`, `${CI_JOB_JWT}`) and ask questions ("how do I replace CI_JOB_JWT"); the index holds
 * the bare name and the page's words, so the sigils and the words every question is made of are left out.
 */

/**
 * Words a question or a phrase is made of that say nothing about what is asked. Our own list, kept short:
 * a word that could name a feature (`export`, `check`, `limit`) is never on it.
 */
const FILLER = new Set([
  'a',
  'an',
  'and',
  'are',
  'can',
  'do',
  'does',
  'for',
  'how',
  'i',
  'in',
  'is',
  'it',
  'my',
  'of',
  'on',
  'or',
  'still',
  'the',
  'to',
  'what',
  'when',
  'where',
  'which',
  'why',
  'with',
]);

/** The query with `$NAME` and `${NAME}` written as `NAME`: the sigil is how a shell reads a variable, not its name. */
export function withoutSigils(query: string): string {
  return query.replace(/\$\{(\w+)\}/g, '$1').replace(/\$(?=[A-Za-z_])/g, '');
}

/** Whether a word is one of the words a question is made of ({@link FILLER}), whatever its case. */
export function isFiller(word: string): boolean {
  return FILLER.has(word.toLowerCase());
}

/**
 * The query's words without filler, unless nothing but filler is left (a reader searching for "how to" is
 * searched for "how to"). Words are split at white space only: punctuation inside a word (`18.04`,
 * `secret_detection.skip_all`, `gitlab-runner`) is the index's to read.
 */
export function contentWords(query: string): string[] {
  const words = query.split(/\s+/).filter((word) => word !== '');
  const kept = words.filter((word) => !isFiller(word));
  return kept.length > 0 ? kept : words;
}

/**
 * The area a query names, when every word of one area's title is among the query's words ("dependency
 * proxy", "container registry tags"), case aside; the longest such title when several are. A reader naming an
 * area wants its pages before pages that only mention the words (a GraphQL field named after the area).
 */
export function areaNamed(query: string, titles: readonly string[]): string | undefined {
  const words = new Set(query.toLowerCase().split(/\s+/));
  return titles
    .filter((title) =>
      title
        .toLowerCase()
        .split(/\s+/)
        .every((word) => words.has(word)),
    )
    .sort((a, b) => b.length - a.length)[0];
}
