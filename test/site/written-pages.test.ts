import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writtenPages } from '../../src/site/integrations/written-pages.ts';

describe('writtenPages', () => {
  it('lists every .html file below the folder, by its path from there with forward slashes, and nothing else', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'sunset-written-pages-'));
    try {
      for (const name of [
        'index.html',
        '404.html',
        'releases/17.0/index.html',
        'a/b/c/d/index.html',
        'feed.xml',
        '_astro/x.js',
      ]) {
        mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
        writeFileSync(path.join(root, name), '<html></html>');
      }
      // A folder named like a page is a folder: what it holds is listed, not it.
      mkdirSync(path.join(root, 'odd.html'));
      writeFileSync(path.join(root, 'odd.html', 'inner.html'), '<html></html>');
      // A link to a page is listed as the old recursive listing did; a link to a folder is not followed.
      symlinkSync(path.join(root, 'index.html'), path.join(root, 'linked.html'));
      symlinkSync(path.join(root, 'releases'), path.join(root, 'linked-folder'));
      expect(writtenPages(root).sort()).toEqual([
        '404.html',
        'a/b/c/d/index.html',
        'index.html',
        'linked.html',
        'odd.html/inner.html',
        'releases/17.0/index.html',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
