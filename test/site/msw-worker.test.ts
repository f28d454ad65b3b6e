import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('the mock service worker the site serves', () => {
  it('is the installed msw’s own script (run npm run msw:sync after upgrading msw)', async () => {
    const served = await readFile(path.join(root, 'public/mockServiceWorker.js'), 'utf8');
    const installed = await readFile(path.join(root, 'node_modules/msw/lib/mockServiceWorker.js'), 'utf8');
    const { version } = JSON.parse(await readFile(path.join(root, 'node_modules/msw/package.json'), 'utf8')) as {
      version: string;
    };
    expect(served).toContain(`const PACKAGE_VERSION = '${version}'`);
    expect(served === installed).toBe(true);
  });
});
