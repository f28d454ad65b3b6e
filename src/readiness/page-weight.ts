/**
 * What a part of a page will weigh once compressed, estimated as it is rendered, so long lists are cut
 * into pages that keep the site's page budgets (src/site/page-budget.ts) without compressing anything.
 * Markup and names repeat from line to line and compress about eightfold; the `line:column` numbers of
 * places hardly repeat, and take about two bytes each however they are written.
 */

/** The estimated compressed bytes of `text` holding `places` places' numbers. */
export function pageWeight(text: string, places: number): number {
  return text.length / 8 + places * 2;
}

/**
 * The most a list page's parts may weigh together: the list budget (60 kB) less room for the page's
 * frame and for estimates that fall short.
 */
export const LIST_PAGE_WEIGHT = 45 * 1024;

/** The same for the rows on an entry's first page, its document, which keeps the content budget (10 kB). */
export const FIRST_ENTRY_PAGE_WEIGHT = 5 * 1024;
