import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const quick = manifest.scripts['test:quick'] ?? '';

/** Test files under `test/` outside the browser and package suites, by path from the root. */
const unitFiles = readdirSync(path.join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts') && !/^(e2e|package)\//.test(name) && name !== 'scripts/test-quick.test.ts')
  .map((name) => `test/${name.split(path.sep).join('/')}`);

describe('npm run test:quick', () => {
  it('runs the unit project only, leaving out the files named *-browser.test.ts', () => {
    expect(quick).toBe("vitest run --project unit --exclude 'test/**/*-browser.test.ts'");
  });

  it('leaves out every unit test that starts Chromium, and nothing else', () => {
    const startsBrowser = unitFiles.filter((file) =>
      /launchChromium|playwright-core/.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
    const excluded = unitFiles.filter((file) => file.endsWith('-browser.test.ts'));
    expect(startsBrowser.length).toBeGreaterThan(0);
    expect(excluded).toEqual(startsBrowser);
  });

  it('is in the README beside npm test, with when to use which', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('| `npm run test:quick` |');
    expect(readme).toMatch(/then `npm run test:quick`[\s\S]*before you commit; `npm test` before a merge request/);
  });
});
