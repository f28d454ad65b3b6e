/**
 * `sunset check` starts as fast as before: without --register it loads none of the import or merge code,
 * with it that code loads. The clone's own bin/sunset.js is run in a child process with a module hook
 * that records every module Node loads.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runImport } from '../../src/import/run-import.ts';
import { REPOS } from '../check/run-cli.ts';
import { PLATFORM } from '../import/fixture-data.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-loading-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const hook = path.join(work, 'record-modules.mjs');
writeFileSync(
  hook,
  `import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
registerHooks({ load(url, context, next) { appendFileSync(process.env.SUNSET_MODULE_LOG, url + '\\n'); return next(url, context); } });
`,
);
const imported = path.join(work, 'imported');
runImport({ inputs: ['data/deprecations'], cwd: PLATFORM, out: imported });

/** The modules of this repository's src/ that one run loads, relative to src/. */
function loadedSources(args: string[]): string[] {
  const log = path.join(work, `modules-${args.length}.log`);
  writeFileSync(log, '');
  const result = spawnSync(
    process.execPath,
    ['--import', pathToFileURL(hook).href, path.join(ROOT, 'bin', 'sunset.js'), ...args],
    {
      cwd: path.join(REPOS, 'clean'),
      env: { ...process.env, SUNSET_MODULE_LOG: log },
      encoding: 'utf8',
    },
  );
  expect([0, 1], result.stderr).toContain(result.status);
  const src = `${pathToFileURL(path.join(ROOT, 'src')).href}/`;
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith(src))
    .map((url) => url.slice(src.length));
}

describe('loading the register folders code', () => {
  it('does not happen for a check without --register', () => {
    const loaded = loadedSources(['check', '.', '--to', '18.0']);
    expect(loaded).toContain('cli/check-command.ts');
    expect(loaded.filter((file) => file.startsWith('import/') || file.startsWith('register/merge/'))).toEqual([]);
  });

  it('happens for a check with --register, and not the import command’s code', () => {
    const loaded = loadedSources(['check', '.', '--to', '18.0', '--register', imported]);
    expect(loaded).toContain('register/merge/register-folders.ts');
    expect(loaded.filter((file) => file.startsWith('import/'))).toEqual([]);
  });
});
