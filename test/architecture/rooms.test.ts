import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/check/register-source.ts';
import { importsOf } from './import-specifiers.ts';

const SRC = path.join(PROJECT_ROOT, 'src');

/**
 * The rooms of `src/`, top first; rooms on one floor are neighbours. A module may import from its own room
 * or any room on a lower floor, never from a higher floor and never from a neighbour: neighbours stay
 * independent, so each can be read, tested and moved without the others.
 *
 * - the site's pages, layouts, components and the browser's islands on top;
 * - the entry points users run (`package/`, the library's `index.ts`) over `cli/`, which holds every command
 *   and the I/O they share;
 * - the features the commands drive: `check/`, `readiness/`, `import/`;
 * - what they share: the findings model (severity, ranges, report origin, file faults), the site's build
 *   helpers, the reference implementation;
 * - the register (load, releases, plans), then Markdown rendering, then the schemas, then plain styles.
 */
const FLOORS: readonly (readonly string[])[] = [
  ['pages', 'content.config.ts'],
  ['layouts'],
  ['components'],
  ['browser'],
  ['package', 'index.ts'],
  ['cli'],
  ['check', 'readiness', 'import'],
  ['findings', 'site', 'reference'],
  ['register'],
  ['markdown'],
  ['schemas', 'astro-content.d.ts'],
  ['styles'],
];

/** The room a module belongs to (path relative to src, forward slashes). */
function roomOf(relative: string): string {
  const room = relative.includes('/') ? relative.slice(0, relative.indexOf('/')) : relative;
  if (!FLOORS.some((floor) => floor.includes(room))) {
    throw new Error(`src/${relative}: "${room}" is not one of the rooms ${FLOORS.flat().join(', ')}`);
  }
  return room;
}

function floorOf(room: string): number {
  return FLOORS.findIndex((floor) => floor.includes(room));
}

/** Each module's imports, resolved to paths relative to src. */
function importGraph(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [relative, source] of files) {
    graph.set(
      relative,
      importsOf(source).map((spec) => path.posix.normalize(path.posix.join(path.posix.dirname(relative), spec))),
    );
  }
  return graph;
}

/** Every import that climbs a floor or crosses to a neighbour, as "from -> to (room -> room)". */
function misplacedImports(files: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const [relative, targets] of importGraph(files)) {
    const from = roomOf(relative);
    for (const target of targets) {
      // The package's entry points share the launcher's helpers in bin/, which ship beside them.
      if (target.startsWith('../bin/') && from === 'package') continue;
      if (target.startsWith('..')) {
        problems.push(`${relative} -> ${target} (leaves src)`);
        continue;
      }
      const to = roomOf(target);
      if (to === from) continue;
      if (floorOf(to) <= floorOf(from)) problems.push(`${relative} -> ${target} (${from} -> ${to})`);
    }
  }
  return problems;
}

/** Every pair of modules that import each other, as "a <-> b". */
function mutualImports(files: ReadonlyMap<string, string>): string[] {
  const graph = importGraph(files);
  const pairs: string[] = [];
  for (const [a, targets] of graph) {
    for (const b of targets) if (a < b && graph.get(b)?.includes(a)) pairs.push(`${a} <-> ${b}`);
  }
  return pairs;
}

function sources(): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(ts|astro|mjs)$/.test(entry)) continue;
    const relative = entry.split(path.sep).join('/');
    files.set(relative, readFileSync(path.join(SRC, entry), 'utf8'));
  }
  return files;
}

describe('the rooms of src/', () => {
  it('has no module importing from a higher floor or a neighbouring room', () => {
    const files = sources();
    expect(files.size).toBeGreaterThan(300);
    expect(misplacedImports(files)).toEqual([]);
  });

  it('has no two modules that import each other', () => {
    expect(mutualImports(sources())).toEqual([]);
  });

  it('keeps every command in cli/ and the findings model and Markdown in rooms of their own', () => {
    const files = sources();
    for (const command of ['check', 'fix', 'plan', 'readiness', 'reference', 'validate', 'import']) {
      expect(files.has(`cli/${command}-command.ts`), command).toBe(true);
    }
    expect(files.has('cli/cli.ts')).toBe(true);
    for (const model of ['finding', 'active-rules', 'report-origin', 'file-fault']) {
      expect(files.has(`findings/${model}.ts`), model).toBe(true);
    }
    expect(files.has('markdown/markdown.ts')).toBe(true);
    expect([...files.keys()].filter((file) => file.startsWith('check/commands/'))).toEqual([]);
  });

  it('catches an upward import, a neighbour, a type-only import, a worker path and a way out of src', () => {
    const files = new Map([
      ['register/plan/plan-html.ts', "import { renderMarkdown } from '../../site/markdown.ts';"],
      ['check/check.ts', "import type { Spool } from '../readiness/finding-spool.ts';"],
      ['readiness/read-all-reports.ts', "new Worker(new URL('../cli/cli-io.ts', import.meta.url));"],
      ['schemas/area.ts', "import { x } from '../../scripts/bench/all.ts';"],
      ['cli/cli.ts', "import { check } from '../check/check.ts';\nimport { z } from '../schemas/area.ts';"],
    ]);
    expect(misplacedImports(files)).toEqual([
      'register/plan/plan-html.ts -> site/markdown.ts (register -> site)',
      'check/check.ts -> readiness/finding-spool.ts (check -> readiness)',
      'readiness/read-all-reports.ts -> cli/cli-io.ts (readiness -> cli)',
      'schemas/area.ts -> ../scripts/bench/all.ts (leaves src)',
    ]);
  });

  it('catches two modules that import each other, types included', () => {
    const files = new Map([
      ['register/load.ts', "import { checkIntegrity } from './integrity.ts';"],
      ['register/integrity.ts', "import type { RegisterData } from './load.ts';"],
      ['register/plan/plan.ts', "import { load } from '../load.ts';"],
    ]);
    expect(mutualImports(files)).toEqual(['register/integrity.ts <-> register/load.ts']);
  });

  it('refuses a folder that is not a room', () => {
    expect(() => roomOf('utils/thing.ts')).toThrow(/"utils" is not one of the rooms/);
  });
});
