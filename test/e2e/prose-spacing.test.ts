import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = path.resolve(import.meta.dirname, '../../dist');

async function htmlFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir, { recursive: true });
  return names.filter((name) => name.endsWith('.html')).map((name) => path.join(dir, name));
}

// The template compiler drops a line break next to a tag or an expression, which glues words to links,
// code and numbers ("described in the<a …>", "across14 releases"). Templates must say such spaces explicitly.
const GLUED =
  /[a-z,;:)]<(a|code|strong|em|kbd)[ >]|\b(across|of|in|from|to|and|with|has|have)\d|\b\d+(others|changes|entries|items)\b/g;

describe('built pages', () => {
  it('keep the space between a word and the link or code that follows it', async () => {
    const glued: string[] = [];
    for (const file of await htmlFiles(DIST)) {
      const html = (await readFile(file, 'utf8')).replace(/<(script|style|pre)[\s\S]*?<\/\1>/g, '');
      for (const match of html.matchAll(GLUED)) {
        glued.push(`${path.relative(DIST, file)}: …${html.slice(Math.max(0, match.index - 30), match.index + 20)}…`);
      }
    }
    expect(glued).toEqual([]);
  });
});
