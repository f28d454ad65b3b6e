import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EQUIVALENT_MUTANTS } from '../../scripts/mutation/equivalent-mutants.ts';
import { MUTATION_GROUPS, mutationGroup } from '../../scripts/mutation/modules.ts';
import { explanationFor, scoreReport } from '../../scripts/mutation/score.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('npm run mutation', () => {
  it('names modules and tests that exist, each module in one group, and refuses an unknown group', () => {
    const files = MUTATION_GROUPS.flatMap((group) => [...group.mutate, ...group.tests]);
    expect(files.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
    const mutated = MUTATION_GROUPS.flatMap((group) => group.mutate);
    expect(new Set(mutated).size).toBe(mutated.length);
    expect(new Set(MUTATION_GROUPS.map((group) => group.id)).size).toBe(MUTATION_GROUPS.length);
    expect(() => mutationGroup('nope')).toThrow(/no mutation group "nope"; the groups are access, /);
  });

  it('explains only survivors in files and code it knows, and every explanation says why', () => {
    for (const item of EQUIVALENT_MUTANTS) {
      expect(existsSync(path.join(ROOT, item.file)), item.file).toBe(true);
      expect(item.why.length, item.original).toBeGreaterThan(30);
    }
  });

  it('explains only code that still stands: each original text, and its line where given, is in its file', () => {
    const squash = (text: string) => text.replace(/\s+/g, ' ');
    const stale = EQUIVALENT_MUTANTS.filter((item) => {
      const source = squash(readFileSync(path.join(ROOT, item.file), 'utf8'));
      return !source.includes(squash(item.original)) || (item.within !== undefined && !source.includes(squash(item.within)));
    });
    expect(stale.map((item) => `${item.file}: ${item.mutator} ${item.original}`)).toEqual([]);
  });

  it('scores killed and timed-out mutants over all that could be detected, per module, naming each survivor', () => {
    const at = (line: number, start: number, end: number) => ({ start: { line, column: start }, end: { line, column: end } });
    const { modules, survivors, total } = scoreReport({
      files: {
        'src/a.ts': {
          source: 'const a = 1 + 2;\nexport const b = a > 3;\n',
          mutants: [
            { id: '1', mutatorName: 'ArithmeticOperator', replacement: '1 - 2', status: 'Killed', location: at(1, 11, 16) },
            { id: '2', mutatorName: 'EqualityOperator', replacement: 'a >= 3', status: 'Survived', location: at(2, 18, 23) },
            { id: '3', mutatorName: 'BooleanLiteral', replacement: 'true', status: 'Timeout', location: at(2, 18, 23) },
            { id: '4', mutatorName: 'StringLiteral', replacement: '""', status: 'Ignored', location: at(1, 1, 2) },
          ],
        },
        'src/b.ts': {
          source: 'x\n',
          mutants: [
            { id: '5', mutatorName: 'BlockStatement', replacement: '{}', status: 'NoCoverage', location: at(1, 1, 2) },
            { id: '6', mutatorName: 'StringLiteral', replacement: '""', status: 'Survived', static: true, location: at(1, 1, 2) },
          ],
        },
      },
    });
    expect(modules.get('src/a.ts')).toMatchObject({ killed: 2, survived: 1, ignored: 1, score: 66.67 });
    expect(modules.get('src/b.ts')).toMatchObject({ killed: 0, survived: 1, noCoverage: 1, ignored: 1, score: 0 });
    expect(total).toMatchObject({ killed: 2, survived: 2, score: 50 });
    expect(survivors.map(({ file, line, original, replacement }) => `${file}:${line} ${original} -> ${replacement}`)).toEqual([
      'src/a.ts:2 a > 3 -> a >= 3',
      'src/b.ts:1 x -> {}',
    ]);
    const survivor = {
      file: 'src/a.ts',
      line: 2,
      mutator: 'EqualityOperator',
      original: 'a  >\n 3',
      replacement: 'a >= 3',
      status: 'Survived' as const,
    };
    const known = [
      {
        file: 'src/a.ts',
        mutator: 'EqualityOperator',
        original: 'a > 3',
        why: 'no input reaches exactly three here, by construction',
      },
    ];
    expect(explanationFor(survivor, known)).toBe('no input reaches exactly three here, by construction');
    expect(explanationFor({ ...survivor, original: 'a > 4' }, known)).toBeUndefined();
    expect(explanationFor({ ...survivor, mutator: 'ConditionalExpression' }, known)).toBeUndefined();
    const twice = [{ ...(known[0] as (typeof known)[number]), within: 'export const b' }];
    expect(explanationFor({ ...survivor, lineText: 'export const b = a > 3;' }, twice)).toBeDefined();
    expect(explanationFor({ ...survivor, lineText: 'const c = a > 3;' }, twice)).toBeUndefined();
    const beforeReturn = [{ ...(known[0] as (typeof known)[number]), followedBy: 'return b;' }];
    expect(explanationFor({ ...survivor, lineAfter: '  return b;' }, beforeReturn)).toBeDefined();
    expect(explanationFor({ ...survivor, lineAfter: '  throw b;' }, beforeReturn)).toBeUndefined();
  });
});
