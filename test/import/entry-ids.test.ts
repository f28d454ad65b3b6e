import { describe, expect, it } from 'vitest';
import { assignIds, fileSlug, placeKey, slug } from '../../src/import/entry-ids.ts';
import { entryIdSchema } from '../../src/schemas/entry-id.ts';

const one = (file: string, title: string, index = 0, itemsInFile = 1) => ({ file, title, index, itemsInFile });

describe('ids of imported entries', () => {
  it('are made of the file name alone for a file of one item, so a changed title keeps the id', () => {
    expect(assignIds([one('data/deprecations/16-5-Job_Token.yml', 'Old title')])).toEqual(['16-5-job-token']);
    expect(assignIds([one('elsewhere/16-5-Job_Token.yml', 'A new title')])).toEqual(['16-5-job-token']);
  });

  it('add the title in a file of several items, and are valid register ids', () => {
    const ids = assignIds([
      one('d/14-9-moves.yml', 'Move `hooks_dir` to the *storage* service', 0, 2),
      one('d/14-9-moves.yml', 'Bundled DB 12', 1, 2),
    ]);
    expect(ids).toEqual(['14-9-moves-move-hooks-dir-to-the-storage-service', '14-9-moves-bundled-db-12']);
    for (const id of ids) expect(entryIdSchema.safeParse(id).success).toBe(true);
  });

  it('are the same for the same input', () => {
    const items = [one('a.yml', 'X', 0, 2), one('a.yml', 'Y', 1, 2), one('b.yml', 'Z')];
    expect(assignIds(items)).toEqual(assignIds(items));
  });

  it('keep the earlier id of an item whose title changed in place in a file of several', () => {
    const before = assignIds([one('a.yml', 'First', 0, 2), one('a.yml', 'Second', 1, 2)]);
    const previous = new Map([
      [placeKey('a.yml', 0), before[0] as string],
      [placeKey('a.yml', 1), before[1] as string],
    ]);
    expect(assignIds([one('moved/a.yml', 'First, reworded', 0, 2), one('moved/a.yml', 'Second', 1, 2)], previous)).toEqual(
      before,
    );
  });

  it('do not hand an earlier id to a new item inserted before it', () => {
    const previous = new Map([
      [placeKey('a.yml', 0), 'a-first'],
      [placeKey('a.yml', 1), 'a-second'],
    ]);
    const ids = assignIds([one('a.yml', 'Brand new', 0, 3), one('a.yml', 'First', 1, 3), one('a.yml', 'Second', 2, 3)], previous);
    expect(ids).toEqual(['a-brand-new', 'a-first', 'a-second']);
  });

  it('keep the file-name id when a file of one item gains a second', () => {
    const previous = new Map([[placeKey('a.yml', 0), 'a']]);
    expect(assignIds([one('a.yml', 'First', 0, 2), one('a.yml', 'Second', 1, 2)], previous)).toEqual(['a', 'a-second']);
  });

  it('tell apart titles that make the same words, and cut long ones at a word', () => {
    expect(assignIds([one('a.yml', 'Foo: bar', 0, 2), one('a.yml', 'Foo bar!', 1, 2)])).toEqual(['a-foo-bar', 'a-foo-bar-2']);
    const [long] = assignIds([one('a.yml', 'word '.repeat(40), 0, 2)]);
    expect(long?.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(/-word$/);
  });

  it('slug text and file names as lower-case words joined by hyphens', () => {
    expect(slug('  Runner’s `--locked` flag!  ')).toBe('runner-s-locked-flag');
    expect(fileSlug('x/  16-2-cirunner_fields.YML')).toBe('16-2-cirunner-fields');
  });
});
