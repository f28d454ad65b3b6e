import fs, { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { belowRoot, syncPageWritesIntegration, writeInPlaceBelow } from '../../src/site/integrations/sync-page-writes.ts';
import { tempTree } from '../check/scan/temp-tree.ts';

/** An empty temporary folder, removed after the test. */
const freshRoot = () => tempTree({});

/** A stand-in for `fs.promises` whose own functions record their calls (and do nothing). */
function fakePromises() {
  const calls: string[] = [];
  const promises = {
    mkdir: async (target: unknown) => void calls.push(`mkdir ${String(target)}`),
    writeFile: async (target: unknown) => void calls.push(`writeFile ${String(target)}`),
  } as unknown as typeof fs.promises;
  return { promises, calls, own: { mkdir: promises.mkdir, writeFile: promises.writeFile } };
}

describe('belowRoot', () => {
  const root = path.resolve('/srv/site/dist');

  it('takes paths below the root as strings, file URLs and bytes', () => {
    expect(belowRoot(root, '/srv/site/dist/a/index.html')).toBe(path.resolve('/srv/site/dist/a/index.html'));
    expect(belowRoot(root, pathToFileURL('/srv/site/dist/a/'))).toBe(path.resolve('/srv/site/dist/a'));
    expect(belowRoot(root, Buffer.from('/srv/site/dist/b.html'))).toBe(path.resolve('/srv/site/dist/b.html'));
    expect(belowRoot(`${root}${path.sep}`, '/srv/site/dist/b.html')).toBe(path.resolve('/srv/site/dist/b.html'));
  });

  it('leaves out the root itself, a sibling that starts alike, a path that climbs out, other URLs and handles', () => {
    expect(belowRoot(root, root)).toBeUndefined();
    expect(belowRoot(root, '/srv/site/dist-other/index.html')).toBeUndefined();
    expect(belowRoot(root, '/srv/site/dist/../secrets.txt')).toBeUndefined();
    expect(belowRoot(root, new URL('https://example.com/srv/site/dist/a.html'))).toBeUndefined();
    expect(belowRoot(root, 7)).toBeUndefined();
    expect(belowRoot(root, { fd: 7 })).toBeUndefined();
  });
});

describe('writeInPlaceBelow', () => {
  it('writes a page and its folder below the root before the call returns, and answers with a promise', async () => {
    const root = freshRoot();
    const { promises, calls } = fakePromises();
    const restore = writeInPlaceBelow(root, promises);
    try {
      const folder = pathToFileURL(path.join(root, 'releases', '18.0'));
      const made = promises.mkdir(folder, { recursive: true });
      // Made in place: there before the promise is awaited.
      expect(existsSync(path.join(root, 'releases', '18.0'))).toBe(true);
      expect(made).toBeInstanceOf(Promise);
      expect(await made).toBe(path.join(root, 'releases'));
      const written = promises.writeFile(
        new URL('18.0/index.html', `${pathToFileURL(path.join(root, 'releases'))}/`),
        Buffer.from('<h1>18.0</h1>'),
      );
      expect(readFileSync(path.join(root, 'releases', '18.0', 'index.html'), 'utf8')).toBe('<h1>18.0</h1>');
      await written;
      await promises.writeFile(path.join(root, 'text.txt'), 'é', 'latin1');
      expect(readFileSync(path.join(root, 'text.txt'))).toEqual(Buffer.from([0xe9]));
      expect(calls).toEqual([]);
    } finally {
      restore();
    }
  });

  it("sends any other path, a handle, an abort signal or a stream to Node's own functions", async () => {
    const root = freshRoot();
    const { promises, calls } = fakePromises();
    const restore = writeInPlaceBelow(path.join(root, 'dist'), promises);
    try {
      await promises.writeFile(path.join(root, 'dist-other', 'index.html'), 'x');
      await promises.mkdir(path.join(root, 'elsewhere'), { recursive: true });
      await promises.writeFile(path.join(root, 'dist', 'a.html'), 'x', { signal: new AbortController().signal });
      await promises.writeFile(path.join(root, 'dist', 'b.html'), (async function* () {})());
      expect(calls).toEqual([
        `writeFile ${path.join(root, 'dist-other', 'index.html')}`,
        `mkdir ${path.join(root, 'elsewhere')}`,
        `writeFile ${path.join(root, 'dist', 'a.html')}`,
        `writeFile ${path.join(root, 'dist', 'b.html')}`,
      ]);
      expect(existsSync(path.join(root, 'dist'))).toBe(false);
    } finally {
      restore();
    }
  });

  it('rejects, as the promise function does, when the write fails', async () => {
    const root = freshRoot();
    const { promises } = fakePromises();
    const restore = writeInPlaceBelow(root, promises);
    try {
      await expect(promises.writeFile(path.join(root, 'missing', 'index.html'), 'x')).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(promises.mkdir(path.join(root, 'a', 'b'))).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      restore();
    }
  });

  it('gives the functions back, and a second installation replaces the first', () => {
    const { promises, own } = fakePromises();
    const first = writeInPlaceBelow('/one', promises);
    expect(promises.writeFile).not.toBe(own.writeFile);
    const second = writeInPlaceBelow('/two', promises);
    second();
    expect(promises.mkdir).toBe(own.mkdir);
    expect(promises.writeFile).toBe(own.writeFile);
    // The first, given back late, leaves the originals as they are.
    first();
    expect(promises.writeFile).toBe(own.writeFile);
  });
});

describe('syncPageWritesIntegration', () => {
  it("writes below the build's output folder in place from the build's start to its end", async () => {
    const root = freshRoot();
    const { mkdir, writeFile } = fs.promises;
    const integration = syncPageWritesIntegration();
    const hook = (name: string) => integration.hooks[name as keyof typeof integration.hooks] as (options: unknown) => void;
    try {
      hook('astro:config:done')({ config: { outDir: pathToFileURL(`${root}/`) } });
      expect(fs.promises.writeFile).toBe(writeFile);
      hook('astro:build:start')({});
      const page = path.join(root, 'index.html');
      const pending = fs.promises.writeFile(page, '<h1>Home</h1>');
      expect(existsSync(page)).toBe(true);
      await pending;
      hook('astro:build:done')({});
      expect(fs.promises.mkdir).toBe(mkdir);
      expect(fs.promises.writeFile).toBe(writeFile);
    } finally {
      fs.promises.mkdir = mkdir;
      fs.promises.writeFile = writeFile;
    }
  });
});
