import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readPlatformFile } from '../../src/import/platform-file.ts';
import { checkItem } from '../../src/import/platform-item.ts';
import { runImport } from '../../src/import/run-import.ts';
import { checkIntegrity } from '../../src/register/integrity.ts';
import { runCli } from '../check/run-cli.ts';
import { makeEntry, registerData } from '../register/entry-fixture.ts';

/**
 * The release order an import checks, one row a case: an item announced in the release it takes effect
 * in, one minor either side, across a major and across a two-digit minor. The register's own integrity
 * check makes the same comparison for entries written by hand, so both answer every row alike.
 */
const rows: [string, string, string, boolean][] = [
  ['announced and removed in the same release', '17.0', '17.0', true],
  ['announced one minor before removal', '16.11', '17.0', true],
  ['announced one minor after removal', '17.1', '17.0', false],
  ['announced in the last minor of a major, removed at the next major', '16.11', '17.0', true],
  ['announced at a major, removed in the last minor of the major before', '17.0', '16.11', false],
  ['announced at 16.9, removed at the two-digit 16.10', '16.9', '16.10', true],
  ['announced at the two-digit 16.10, removed at 16.9', '16.10', '16.9', false],
  ['announced at 16.10, removed at 16.1 (after it as text)', '16.10', '16.1', false],
];

function item(announced: string, removed: string) {
  const parsed = readPlatformFile(
    `- title: "A change"\n  announcement_milestone: "${announced}"\n  removal_milestone: "${removed}"\n  body: What changes.\n`,
  );
  if (!parsed.ok) throw new Error(parsed.message);
  return checkItem('data/changes.yml', parsed.items[0] as NonNullable<(typeof parsed.items)[0]>);
}

describe('an imported item’s announcement and removal', () => {
  it.each(rows)('%s (%s, %s)', (_case, announced, removed, accepted) => {
    const result = item(announced, removed);
    expect(result.ok).toBe(accepted);
    if (!result.ok)
      expect(result.problems).toEqual([
        {
          file: 'data/changes.yml',
          line: 2,
          reason: 'malformed-field',
          message: `announcement_milestone ${announced} is after removal_milestone ${removed}`,
        },
      ]);
  });

  it.each(rows)('in an entry written by hand: %s (%s, %s)', (_case, announced, removed, accepted) => {
    const data = registerData({
      entries: [makeEntry({ id: 'entry', removed_in: removed, announced_in: announced })],
      releases: [announced, removed],
    });
    const problems = checkIntegrity(data, (file) => file);
    expect(problems.filter((problem) => problem.path === 'announced_in').length).toBe(accepted ? 0 : 1);
  });
});

const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-reimport-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const KEEP = '- title: "Kept change"\n  removal_milestone: "17.0"\n  body: Stays upstream.\n';
const DROPPED = '- title: "Dropped change"\n  removal_milestone: "17.0"\n  body: Goes upstream.\n';
const PLAIN = '- title: "Plain dropped change"\n  removal_milestone: "17.1"\n  body: Goes upstream too.\n';
const handRule = {
  kind: 'text',
  literal: 'dropped-thing',
  example: { file: 'a.sh', text: 'dropped-thing\n' },
  near_miss: { file: 'a.sh', text: 'other-thing\n' },
};

describe('importing again after the data dropped an item', () => {
  it('keeps an entry that carries rules added by hand, names it, and removes one that does not', async () => {
    const data = path.join(work, 'data');
    mkdirSync(data, { recursive: true });
    writeFileSync(path.join(data, 'kept.yml'), KEEP);
    writeFileSync(path.join(data, 'dropped.yml'), DROPPED);
    writeFileSync(path.join(data, 'plain.yml'), PLAIN);
    const out = path.join(work, 'register-folder');
    const first = runImport({ inputs: ['data'], cwd: work, out });
    expect(first.entries.map((entry) => entry.id).sort()).toEqual(['dropped', 'kept', 'plain']);

    const droppedFile = path.join(out, 'register', '17.0', 'dropped.yaml');
    const plainFile = path.join(out, 'register', '17.1', 'plain.yaml');
    const header = readFileSync(droppedFile, 'utf8').split('\n').slice(0, 2).join('\n');
    const entry = parse(readFileSync(droppedFile, 'utf8'));
    writeFileSync(droppedFile, `${header}\n${JSON.stringify({ ...entry, detect: [handRule] })}\n`);

    rmSync(path.join(data, 'dropped.yml'));
    rmSync(path.join(data, 'plain.yml'));
    const again = runImport({ inputs: ['data'], cwd: work, out });
    expect(again.entries.map((candidate) => candidate.id)).toEqual(['kept']);
    expect(again.removed).toBe(1);
    expect(again.kept).toEqual(['dropped']);
    expect(existsSync(plainFile)).toBe(false);
    expect(parse(readFileSync(droppedFile, 'utf8')).detect).toEqual([handRule]);

    // A third import, by the command, finds the kept entry again, neither removes nor counts it twice, and names it.
    const third = await runCli(['import', 'data', '--out', out], work);
    expect(third.code).toBe(0);
    expect(third.stderr.trim().split('\n').at(-1)).toBe(
      `sunset: import read 1 file(s), 1 item(s); 1 entry written to ${out}; 0 skipped; 1 earlier entry kept though the data no longer has its item, for the detect: or related: added by hand (dropped); delete it when no longer wanted`,
    );
    expect(existsSync(droppedFile)).toBe(true);
  });
});
