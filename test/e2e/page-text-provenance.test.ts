import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Page text that states behaviour says whose it is: the built pages are read as shipped (the global setup
 * builds them), paragraph by paragraph.
 */
const DIST = path.resolve(import.meta.dirname, '../../dist');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) return item.name === 'pagefind' || item.name === '_astro' ? [] : htmlFiles(full);
    return item.name.endsWith('.html') ? [full] : [];
  });
}

const decode = (text: string) =>
  text
    .replace(/&#39;|&#x27;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');

/** The paragraphs, list items and meta descriptions of a page, as text, with their inner HTML. */
function blocks(html: string): { text: string; html: string }[] {
  const found = [...html.matchAll(/<(p|li|td)\b[^>]*>([\s\S]*?)<\/\1>|<meta name="description" content="([^"]*)"/g)];
  return found.map((match) => {
    const inner = match[2] ?? match[3] ?? '';
    return {
      html: inner,
      text: decode(inner.replace(/<[^>]+>/g, ''))
        .replace(/\s+/g, ' ')
        .trim(),
    };
  });
}

describe('page text that states behaviour', () => {
  const pages = htmlFiles(DIST).map((file) => ({ file: path.relative(DIST, file), html: readFileSync(file, 'utf8') }));

  it("says a count of breaking changes is Sunset's reading wherever a page gives one", () => {
    const counts = pages.flatMap(({ file, html }) =>
      blocks(html)
        .filter((block) => /\b\d+ (of them )?(are )?breaking\b/.test(block.text))
        .map((block) => ({ file, text: block.text })),
    );
    expect(counts.map((count) => count.file)).toContain('index.html');
    expect(counts.some((count) => count.file.startsWith('releases/'))).toBe(true);
    expect(counts.filter((count) => !count.text.includes("Sunset's reading"))).toEqual([]);
  });

  it('labels what the rotation steps take from the reference implementation, and states no more as the spec’s', () => {
    const auth = pages.find((page) => page.file === 'auth/index.html')?.html ?? '';
    const rotation = /<h2 id="rotation">[\s\S]*?<\/ol>/.exec(auth)?.[0] ?? '';
    const paragraphs = blocks(rotation).filter((block) => !block.html.includes('<li'));
    expect(paragraphs.length).toBeGreaterThanOrEqual(3);
    for (const paragraph of paragraphs) {
      const ours = /reference implementation/.test(paragraph.text);
      if (ours) expect(paragraph.html, paragraph.text).toContain('badge-reference');
      // What the answer holds and what becomes of events sent with a deleted key: the spec says neither.
      else expect(paragraph.text).not.toMatch(/\banswer\b|\bevents\b|no longer accepted/i);
    }
  });
});
