import { renderInline, renderMarkdown } from '../markdown/markdown.ts';
import { timed } from './build-timings.ts';

/** How Markdown from content is rendered: as inline text, and with or without its links. */
export interface MarkdownHtmlOptions {
  /** Inline text (no paragraphs). Default false. */
  inline?: boolean;
  /** Links rendered; `false` for text placed inside a link, which keeps only their labels. Default true. */
  links?: boolean;
}

/**
 * Markdown from content as HTML, counted to the build's Markdown time: what `<Markdown>` renders, for
 * pages made thousands of times (an entry's), which set it as an element's HTML instead of calling a
 * component each time.
 */
export function markdownHtml(text: string, { inline = false, links = true }: MarkdownHtmlOptions = {}): string {
  return timed('markdown', () => (inline ? renderInline(text, { links }) : renderMarkdown(text)));
}
