import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PACKAGED_STAND_INS,
  rewriteWorkerStarts,
  WORKER_DATA_KEY,
  workerModules,
} from '../../src/package/build-substitutions.ts';

const SRC = path.resolve(import.meta.dirname, '../../src');
const START = "const worker = new Worker(new URL('./scan-worker.ts', import.meta.url));";

describe('how built code differs from the sources', () => {
  it('finds the worker modules a source starts', () => {
    expect(workerModules(START)).toEqual(['scan-worker']);
    expect(workerModules('const x = 1;')).toEqual([]);
  });

  it('points worker starts at built files, or at the one file with the worker named in workerData', () => {
    // The scan worker is one CommonJS script of its own; the others share the library's chunks.
    expect(rewriteWorkerStarts(START, 'a.ts', 'files')).toBe(
      "const worker = new Worker(new URL('./scan-worker.cjs', import.meta.url));",
    );
    expect(rewriteWorkerStarts(START, 'a.ts', 'one-file')).toBe(
      `const worker = new Worker(new URL(import.meta.url), { workerData: { ${WORKER_DATA_KEY}: "scan-worker" } });`,
    );
  });

  it('keeps the options of a worker start, held in a variable', () => {
    const start = "new Worker(new URL('./read-worker.ts', import.meta.url), options)";
    expect(workerModules(start)).toEqual(['read-worker']);
    expect(rewriteWorkerStarts(start, 'a.ts', 'files')).toBe("new Worker(new URL('./read-worker.js', import.meta.url), options)");
    expect(rewriteWorkerStarts(start, 'a.ts', 'one-file')).toBe(
      `new Worker(new URL(import.meta.url), { ...options, workerData: { ${WORKER_DATA_KEY}: "read-worker" } })`,
    );
  });

  it('fails the build on a worker start it cannot rewrite, naming the file', () => {
    expect(() => rewriteWorkerStarts('new Worker(workerFile, { eval: false })', 'src/x.ts', 'files')).toThrow(
      'src/x.ts: starts a worker thread in a way the build cannot rewrite',
    );
  });

  it('swaps only modules that exist, each for a stand-in with the same exports', () => {
    for (const [from, to] of Object.entries(PACKAGED_STAND_INS)) {
      expect(existsSync(path.join(SRC, from)), from).toBe(true);
      const exported = (file: string) =>
        [...readFileSync(path.join(SRC, file), 'utf8').matchAll(/^export (?:async )?(?:function|const|interface|type) (\w+)/gm)]
          .map((match) => match[1])
          .filter((name) => name !== 'PROJECT_ROOT' && name !== 'LoadedRegister' && name !== 'ReferenceSource');
      for (const name of exported(from))
        expect(readFileSync(path.join(SRC, to), 'utf8'), `${to} lacks ${name}`).toMatch(
          new RegExp(`export (async )?function ${name}\\b`),
        );
    }
  });

  it('knows every worker the sources start', () => {
    const starts = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts') && !name.startsWith('package'))
      .flatMap((name) => workerModules(readFileSync(path.join(SRC, name), 'utf8')));
    expect(starts).toContain('scan-worker');
  });
});
