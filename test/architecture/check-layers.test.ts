import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/check/register-source.ts';
import { importsOf } from './import-specifiers.ts';

const CHECK_ROOT = path.join(PROJECT_ROOT, 'src/check');

/**
 * The layers of the check package, top first. A module may import from its own layer or any layer below
 * it, never from one above. The commands that use the package live in `src/cli/`, and the findings model it
 * shares with readiness and the browser in `src/findings/` (see rooms.test.ts for the rooms of `src/`).
 */
const LAYERS = ['report', 'check', 'scan', 'engine', 'rules', 'file'] as const;
type Layer = (typeof LAYERS)[number];

/** Which layer a module (path relative to src/check, forward slashes) belongs to. */
function layerOf(relative: string): Layer {
  const folder = relative.includes('/') ? relative.slice(0, relative.indexOf('/')) : undefined;
  if (folder === undefined) return 'check';
  if ((LAYERS as readonly string[]).includes(folder)) return folder as Layer;
  throw new Error(`src/check/${relative}: folder "${folder}" is not one of the layers ${LAYERS.join(', ')}`);
}

/** Every upward import in the package, as "from -> to (layer -> layer)". */
function upwardImports(files: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const [relative, source] of files) {
    const from = layerOf(relative);
    for (const spec of importsOf(source)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(relative), spec));
      if (target.startsWith('..')) continue; // outside src/check: schemas, register
      const to = layerOf(target);
      const climbs = LAYERS.indexOf(to) < LAYERS.indexOf(from);
      if (climbs) problems.push(`${relative} -> ${target} (${from} -> ${to})`);
    }
  }
  return problems;
}

function packageSources(): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(CHECK_ROOT, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.ts')) continue;
    const relative = entry.split(path.sep).join('/');
    files.set(relative, readFileSync(path.join(CHECK_ROOT, entry), 'utf8'));
  }
  return files;
}

describe('the check package reads top-down', () => {
  it('has no module importing from a layer above its own', () => {
    const files = packageSources();
    expect(files.size).toBeGreaterThan(40);
    expect(upwardImports(files)).toEqual([]);
  });

  it('puts the per-file layer in file/ and the engine in engine/', () => {
    const files = packageSources();
    for (const name of ['source-text', 'file-kind', 'analyzed-file', 'prefilter', 'graphql-extract', 'glob']) {
      expect(files.has(`file/${name}.ts`), name).toBe(true);
    }
    for (const name of ['logical-line', 'yaml-path', 'suppression']) expect(files.has(`file/${name}.ts`), name).toBe(true);
    expect(files.has('engine/engine.ts')).toBe(true);
  });

  it('catches an upward import, a type-only one and one from the shared types', () => {
    const files = new Map([
      ['file/glob.ts', "import type { Matcher } from '../rules/matcher.ts';"],
      ['rules/text.ts', "import { createEngine } from '../engine/engine.ts';"],
      ['engine/engine.ts', "import { compileRule } from '../rules/compile-rule.ts';\nimport { x } from '../../schemas/a.ts';"],
      ['scan/parallel-scan.ts', "new Worker(new URL('../report/text-report.ts', import.meta.url));"],
    ]);
    expect(upwardImports(files)).toEqual([
      'file/glob.ts -> rules/matcher.ts (file -> rules)',
      'rules/text.ts -> engine/engine.ts (rules -> engine)',
      'scan/parallel-scan.ts -> report/text-report.ts (scan -> report)',
    ]);
  });

  it('refuses a folder that is not a layer', () => {
    expect(() => layerOf('misc/thing.ts')).toThrow(/misc.*not one of the layers/);
  });
});
