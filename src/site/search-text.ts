/**
 * Block-level tags whose end separates words. The template compiler writes `<dt>Result</dt><dd>HTTP 410`
 * with nothing between the two, and a text extractor such as Pagefind's then reads "ResultHTTP 410".
 */
const BLOCK_END =
  /<\/(address|blockquote|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|li|nav|ol|p|pre|section|summary|table|td|th|tr|ul)>(?=<)/gi;

/** The page with a space after every block end that a tag follows directly, so extracted text keeps its words apart. */
export function spaceBlocks(html: string): string {
  return html.replace(BLOCK_END, '$& ');
}
