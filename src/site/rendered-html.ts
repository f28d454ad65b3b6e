import { identifierParts } from '../markdown/identifier-parts.ts';

/**
 * Small edits to HTML a Markdown renderer has already written (a guide's inline code, a guide's table), for
 * the components guides map those elements to. The HTML is the renderer's own: escaped text and plain tags.
 */

/**
 * Inline code's HTML with `<wbr>` where an identifier may break (see `identifierParts`): between tags, in
 * the text, which the renderer has already escaped (an entity holds no separator, so it stays whole).
 */
export function breakRenderedCode(html: string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : identifierParts(part).join('<wbr>')))
    .join('');
}

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * A table's inner HTML with each body cell labelled with its column's heading (`data-label`), which a
 * stacked table shows before the cell on a phone.
 */
export function labelTableCells(html: string): string {
  const head = /<thead[\s\S]*?<\/thead>/.exec(html)?.[0] ?? '';
  const headings = [...head.matchAll(/<th\b[^>]*>([\s\S]*?)<\/th>/g)].map((match) => plain(match[1] ?? ''));
  if (headings.length === 0) return html;
  return html.replace(/<tbody[\s\S]*?<\/tbody>/g, (body) =>
    body.replace(/<tr\b[^>]*>[\s\S]*?<\/tr>/g, (row) => {
      let column = 0;
      return row.replace(/<td\b/g, () => {
        const label = headings[column++];
        return label ? `<td data-label="${attribute(label)}"` : '<td';
      });
    }),
  );
}
