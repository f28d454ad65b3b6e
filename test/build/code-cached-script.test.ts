import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-code-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const MODULE = pathToFileURL(path.resolve(import.meta.dirname, '../../src/package/code-cached-script.ts')).href;
const script = path.join(work, 'script.js');
const scriptText = (operand: number) => `"use strict";
function double(value) { return value * 2; }
module.exports = { value: double(${operand}), url: __sunsetScriptUrl, join: typeof require('node:path').join };
`;
const cacheRoot = path.join(work, 'cache');

// A script shaped like esbuild's `cjs` output, and a process that runs it as lib/cli.js runs the check script.
writeFileSync(script, scriptText(21));
writeFileSync(
  path.join(work, 'run.mjs'),
  `import { runCodeCachedScript } from ${JSON.stringify(MODULE)};
const { exports, cache } = runCodeCachedScript(new URL('./script.js', import.meta.url), '0123abcd', () =>
  process.env.KEEP === 'no' ? 0 : Number(process.env.KEEP ?? 1),
);
console.log(JSON.stringify({ ...exports, cache }));
`,
);

function run(env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['run.mjs'], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, NODE_COMPILE_CACHE: cacheRoot, ...env },
  });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as { value: number; url: string; join: string; cache: string };
}

const caches = () =>
  readdirSync(cacheRoot, { recursive: true, encoding: 'utf8' }).filter((name) => /sunset-0123abcd-\w+(-2)?\.cache$/.test(name));

describe('a script run with a code cache', () => {
  it("runs with Node's require and its own URL in place of import.meta.url, and returns its exports", () => {
    const out = run({ NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(out).toEqual({ value: 42, url: pathToFileURL(script).href, join: 'function', cache: 'off' });
  });

  it("makes its cache at the exit of a run worth keeping, in Node's compile cache directory, and uses it next start", () => {
    expect(run({ KEEP: 'no' }).cache).toBe('made');
    expect(caches()).toHaveLength(0);
    expect(run().cache).toBe('made');
    expect(caches()).toHaveLength(1);
    const again = run();
    expect(again).toMatchObject({ value: 42, cache: 'used' });
  });

  it('makes a fuller cache once a run goes further than the cache it started from, and starts from it after', () => {
    const before = caches().length;
    // A run that went further (a check with findings) starts from the ordinary cache and keeps its own.
    expect(run({ KEEP: '2' }).cache).toBe('used');
    expect(caches()).toHaveLength(before + 1);
    expect(caches().some((name) => name.endsWith('-2.cache'))).toBe(true);
    // Every later run, ordinary or further, starts from the fuller cache and makes no other.
    expect(run({ KEEP: '1' }).cache).toBe('used');
    expect(run({ KEEP: '2' }).cache).toBe('used');
    expect(caches()).toHaveLength(before + 1);
  });

  it('makes a new cache once the script file changes, never running the old code of a text as long', () => {
    // V8 itself checks only the length of the source a cache was made from.
    writeFileSync(script, scriptText(35));
    const later = new Date(Date.now() + 60_000);
    utimesSync(script, later, later);
    expect(run()).toMatchObject({ value: 70, cache: 'made' });
    expect(run()).toMatchObject({ value: 70, cache: 'used' });
    expect(caches()).toHaveLength(3);
  });
});
