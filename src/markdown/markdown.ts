/**
 * The small Markdown subset register content is written in: paragraphs, `-`/`*`/`1.` lists, fenced code,
 * pipe tables (imported entries keep the platform's), inline code, `**strong**`, `*emphasis*` and `[links](url)`. Everything else is text, and every character
 * of the source is HTML-escaped, so content can never inject markup. Underscores are never emphasis:
 * identifiers such as `CI_JOB_JWT` appear bare in prose.
 */

import { boundedMemo } from './bounded-memo.ts';
import { identifierParts } from './identifier-parts.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string);
}

/**
 * Escapes text for element content only (a `<pre>`, a `<textarea>`): `&`, `<` and `>`, leaving quotes as they
 * are, which there need no escaping and would otherwise grow a JSON text several times over.
 */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (char) => ESCAPES[char] as string);
}

function safeHref(url: string): string | undefined {
  const trimmed = url.trim();
  return /^(https?:\/\/|\/|#|\.\.?\/)/.test(trimmed) ? trimmed : undefined;
}

const breakable = boundedMemo((text) => identifierParts(text).map(escapeHtml).join('<wbr>'));

/** An identifier as HTML text with `<wbr>` where it may break (see {@link identifierParts}). */
export function breakableIdentifier(text: string): string {
  return breakable(text);
}

/** A word this long in prose is an identifier (`gitlab:dependency_scanning:input_file`): it may break like one. */
const LONG_WORD = 20;

/** A long word, or a character to escape: escaping is per character, so the text is escaped in one pass. */
const LONG_WORD_OR_ESCAPE = new RegExp(`\\S{${LONG_WORD},}|[&<>"']`, 'g');

function emphasis(text: string): string {
  return text
    .replace(LONG_WORD_OR_ESCAPE, (match) => (match.length > 1 ? breakableIdentifier(match) : (ESCAPES[match] as string)))
    .replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*/g, '<strong>$1</strong>')
    .replace(/\*(?=\S)(.+?)(?<=\S)\*/g, '<em>$1</em>');
}

function textWithLinks(text: string, links: boolean): string {
  let out = '';
  let rest = text;
  for (let match = /\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest); match; match = /\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest)) {
    out += emphasis(rest.slice(0, match.index));
    const href = links ? safeHref(match[2] as string) : undefined;
    const label = emphasis(match[1] as string);
    out += href ? `<a href="${escapeHtml(href)}">${label}</a>` : label;
    rest = rest.slice(match.index + match[0].length);
  }
  return out + emphasis(rest);
}

/**
 * Renders one line or paragraph of inline Markdown to HTML. Code spans keep their text literally, and may
 * break only where {@link breakableIdentifier} allows. With `links: false` (text that sits inside a link,
 * such as a title in a list) a link's label stays and the link goes.
 */
export function renderInline(text: string, options: { links?: boolean } = {}): string {
  return options.links === false ? inlineWithoutLinks(text) : inlineWithLinks(text);
}

const inlineWithLinks = boundedMemo((text) => inlineHtml(text, true));
const inlineWithoutLinks = boundedMemo((text) => inlineHtml(text, false));

function inlineHtml(text: string, links: boolean): string {
  const parts = text.split(/(`+[^`]*?`+)/);
  return parts
    .map((part, index) => {
      if (index % 2 === 1) {
        const code = part.replace(/^`+|`+$/g, '');
        return `<code>${breakableIdentifier(code.trim() === '' ? code : code.replace(/^ (.*) $/, '$1'))}</code>`;
      }
      return textWithLinks(part, links);
    })
    .join('');
}

type Block =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'table'; rows: string[][] }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'code'; lang: string; lines: string[] };

const LIST_ITEM = /^\s*(?:([-*])|(\d+)\.)\s+(.*)$/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|(?:\s*:?-+:?\s*\|)+\s*$/;

/** A table row's cells, without the outer pipes. */
const cells = (line: string) =>
  line
    .trim()
    .slice(1, -1)
    .split('|')
    .map((cell) => cell.trim());

function parseBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let current: Block | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    const fence = /^\s*```\s*([\w-]*)\s*$/.exec(line);
    if (fence) {
      const code: Block = { kind: 'code', lang: fence[1] ?? '', lines: [] };
      for (index++; index < lines.length && !/^\s*```\s*$/.test(lines[index] as string); index++) {
        code.lines.push(lines[index] as string);
      }
      blocks.push(code);
      current = undefined;
      continue;
    }
    if (line.trim() === '') {
      current = undefined;
      continue;
    }
    // A header row, its rule and the rows after it; a lone row of pipes stays text.
    if (TABLE_ROW.test(line) && TABLE_RULE.test(lines[index + 1] ?? '')) {
      const table: Block = { kind: 'table', rows: [cells(line)] };
      for (index += 2; index < lines.length && TABLE_ROW.test(lines[index] as string); index++)
        table.rows.push(cells(lines[index] as string));
      index--;
      blocks.push(table);
      current = undefined;
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = item[2] !== undefined;
      if (current?.kind !== 'list' || current.ordered !== ordered) {
        current = { kind: 'list', ordered, items: [] };
        blocks.push(current);
      }
      current.items.push(item[3] as string);
      continue;
    }
    if (current?.kind === 'list' && /^\s+\S/.test(line)) {
      const last = current.items.length - 1;
      current.items[last] = `${current.items[last]} ${line.trim()}`;
      continue;
    }
    if (current?.kind !== 'paragraph') {
      current = { kind: 'paragraph', lines: [] };
      blocks.push(current);
    }
    current.lines.push(line.trim());
  }
  return blocks;
}

/** Renders a block of Markdown (a summary, a migration) to HTML. */
export function renderMarkdown(markdown: string): string {
  return blockHtml(markdown);
}

const blockHtml = boundedMemo((markdown) =>
  parseBlocks(markdown)
    .map((block) => {
      if (block.kind === 'paragraph') return `<p>${renderInline(block.lines.join(' '))}</p>`;
      if (block.kind === 'table') {
        const [head = [], ...body] = block.rows;
        // On a phone the table stacks (`table.stack`): each cell led by its column's name.
        const label = (index: number) => (head[index] ? ` data-label="${escapeHtml(plainText(head[index]))}"` : '');
        const row = (items: string[], tag: string) =>
          `<tr>${items.map((cell, index) => `<${tag}${tag === 'td' ? label(index) : ''}>${renderInline(cell)}</${tag}>`).join('')}</tr>`;
        return `<div class="table-wrap" tabindex="0"><table class="stack"><thead>${row(head, 'th')}</thead><tbody>${body.map((items) => row(items, 'td')).join('')}</tbody></table></div>`;
      }
      if (block.kind === 'code') {
        const lang = block.lang ? ` data-lang="${escapeHtml(block.lang)}"` : '';
        return `<pre${lang}><code>${escapeHtml(block.lines.join('\n'))}</code></pre>`;
      }
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${renderInline(item)}</li>`).join('')}</${tag}>`;
    })
    .join('\n'),
);

/** The text of inline Markdown without markup, for titles, feeds and search metadata. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/\*\*?([^*]+)\*\*?/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
