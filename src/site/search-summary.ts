import { plainText } from '../markdown/markdown.ts';

/** How long a search result's quote may be, in characters: about two lines under the result's title. */
export const SEARCH_SUMMARY_LENGTH = 220;

/**
 * The quote a search result shows under its title: the page's summary as plain text (no Markdown marks to
 * read as broken bold), cut at the last word that fits with an ellipsis. Results quote this rather than
 * whatever text the hit was in, which on an entry page may be a detection rule or a list of names.
 */
export function searchSummary(markdown: string, length = SEARCH_SUMMARY_LENGTH): string {
  const text = plainText(markdown);
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
