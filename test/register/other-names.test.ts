import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatProblem, readContent } from '../../src/register/index.ts';
import { attachOtherNames } from '../../src/register/other-names.ts';
import { type ContentCopy, copyContent } from './content-copy.ts';
import { makeEntry } from './entry-fixture.ts';

describe('other names', () => {
  let copy: ContentCopy;
  beforeEach(async () => {
    copy = await copyContent();
  });
  afterEach(async () => {
    await copy.remove();
  });

  it('are put on the entries the repository names, and on no other', async () => {
    const { data, problems } = await readContent(copy.dir);
    expect(problems.map(formatProblem)).toEqual([]);
    const entry = (id: string) => data.entries.find((candidate) => candidate.id === id);
    expect(entry('database-13-unsupported')?.other_names).toContain('PostgreSQL');
    expect(entry('certificate-based-cluster-integration-removed')?.other_names).toContain('Kubernetes');
    expect(entry('visual-reviews-removed')?.other_names).toBeUndefined();
  });

  it('name an unknown entry id as an error with the file and its line', async () => {
    await copy.write('other-names.yaml', '# names\nvisual-reviews-removed: [Review App toolbar]\nno-such-entry: [Something]\n');
    const { problems } = await readContent(copy.dir);
    expect(problems.map(formatProblem)).toEqual([
      'content/other-names.yaml:3:1 no-such-entry: no register entry has the id "no-such-entry"; use an id from content/register/',
    ]);
  });

  it('report an id that is no entry id at all the same way', async () => {
    await copy.write('other-names.yaml', 'Not_An_Id: [Something]\n');
    expect((await readContent(copy.dir)).problems.map(formatProblem)).toEqual([
      'content/other-names.yaml:1:1 Not_An_Id: no register entry has the id "Not_An_Id"; use an id from content/register/',
    ]);
  });

  it('reject an empty list and a name too short, each with its place', async () => {
    await copy.write('other-names.yaml', 'visual-reviews-removed: []\nlicense-list-removed: [x]\n');
    const lines = (await readContent(copy.dir)).problems.map(formatProblem);
    expect(lines).toContainEqual(
      expect.stringMatching(/^content\/other-names\.yaml:1:\d+ visual-reviews-removed: list at least one/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^content\/other-names\.yaml:2:\d+ license-list-removed\[0\]: .*at least two/),
    );
  });

  it('are optional: a content folder without the file loads, its entries without other names', async () => {
    const { rm } = await import('node:fs/promises');
    await rm(copy.file('other-names.yaml'));
    const { data, problems } = await readContent(copy.dir);
    expect(problems).toEqual([]);
    expect(data.entries.every((entry) => entry.other_names === undefined)).toBe(true);
  });
});

describe('attachOtherNames', () => {
  it('says a name listed twice for one entry, case aside, and leaves entries without names as they are', () => {
    const a = makeEntry({ id: 'a', removed_in: '17.0' });
    const b = makeEntry({ id: 'b', removed_in: '17.0' });
    const { entries, problems } = attachOtherNames([a, b], { a: ['Redis', 'redis'] }, 'content/other-names.yaml');
    expect(problems).toEqual([{ file: 'content/other-names.yaml', path: 'a[1]', message: '"redis" is listed twice' }]);
    expect(entries[0]?.other_names).toEqual(['Redis', 'redis']);
    expect(entries[1]).toBe(b);
  });

  it('names an unknown id, but not the id of an entry file that did not parse (its own problem is said)', () => {
    const a = makeEntry({ id: 'a', removed_in: '17.0' });
    const names = { a: ['Redis'], broken: ['PostgreSQL'], missing: ['Kubernetes'] };
    const { problems } = attachOtherNames([a], names, 'content/other-names.yaml', new Set(['broken']));
    expect(problems.map((problem) => problem.path)).toEqual(['missing']);
    expect(attachOtherNames([a], names, 'content/other-names.yaml').problems.map((problem) => problem.path)).toEqual([
      'broken',
      'missing',
    ]);
  });
});
