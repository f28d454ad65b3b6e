import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryIdentity } from '../../../src/register/merge/entry-identity.ts';
import { bestMatch, mergeEvidence } from '../../../src/register/merge/merge-evidence.ts';
import { mergeRegisters } from '../../../src/register/merge/merge-registers.ts';
import type { RegisterFolder } from '../../../src/register/merge/read-register-folder.ts';
import type { RegisterEntry } from '../../../src/schemas/register-entry.ts';
import { makeEntry, registerData } from '../entry-fixture.ts';

const identity = (fields: Partial<RegisterEntry>) =>
  entryIdentity({ title: 'A change', summary: 'Text.', names: {}, ...fields } as RegisterEntry);

describe('mergeEvidence', () => {
  it('merges on one shared gitlab.rb setting, and never two entries whose settings all differ', () => {
    const setting = (key: string, title = 'Omnibus setting is removed') =>
      identity({
        title,
        summary: 'The Omnibus package removes a setting from `gitlab.rb`.',
        names: { settings: [key] },
        detect: [{ kind: 'omnibus-setting', setting: key } as RegisterEntry['detect'][number]],
      });
    const negate = setting('sidekiq.negate');
    expect(mergeEvidence(negate, setting('sidekiq.negate', 'Another title altogether'))).toMatchObject({
      kind: 'setting',
      reasons: ['both look for the gitlab.rb setting sidekiq.negate'],
    });
    // The same words in both titles and the same file named in both texts: still two settings, two changes.
    expect(mergeEvidence(negate, setting('gitlab_rails.legacy_widget_cron'))).toBeUndefined();
    // One side without settings rules is weighed on its words and names as before.
    expect(mergeEvidence(negate, identity({ title: 'Omnibus setting is removed' }))?.kind).toBe('title');
  });

  it('needs more than one shared name: the titles must agree too', () => {
    const item = identity({
      title: 'CiRunner GraphQL fields duplicated in CiRunnerManager',
      names: { types: ['CiRunner', 'CiRunnerManager'] },
    });
    const sort = identity({
      title: 'CiRunner.projects sorts by id_desc by default',
      names: { types: ['CiRunner'], fields: ['projects'], values: ['id_desc'] },
    });
    const moved = identity({
      title: 'Five CiRunner fields move to CiRunnerManager',
      names: { types: ['CiRunner', 'CiRunnerManager'] },
    });
    expect(mergeEvidence(item, sort)).toBeUndefined();
    expect(mergeEvidence(item, moved)?.kind).toBe('names');
  });

  it('reads identifiers from code spans of the title and summary when names are empty', () => {
    const item = identity({
      title: 'The `gitlab-runner exec` command is deprecated',
      summary: 'Stop calling `gitlab-runner exec`.',
    });
    const entry = identity({
      title: 'The runner command gitlab-runner exec is removed',
      names: { commands: ['gitlab-runner exec'] },
    });
    expect(mergeEvidence(item, entry)?.reasons).toEqual([
      'shared names `gitlab-runner exec`',
      'a title names only shared ones (`gitlab-runner exec`)',
    ]);
  });

  it('counts a version number in a title as a name, but not a release number', () => {
    const item = identity({
      title: 'PostgreSQL 13 is no longer supported in 17.0',
      summary: 'The minimum database version becomes 14.',
    });
    expect([...item.names]).toEqual(['13']);
    const twelve = identity({
      title: 'Relational database version 12 is no longer supported; the minimum is 13',
      names: { values: ['12', '13'] },
    });
    const thirteen = identity({
      title: 'Relational database version 13 is no longer supported; 14 is the minimum',
      names: { values: ['13', '14'] },
    });
    // Both share `13`; the entry of the item's own release wins.
    const candidates = [
      { candidate: { id: 'twelve', removed_in: '16.0' }, identity: twelve },
      { candidate: { id: 'thirteen', removed_in: '17.0' }, identity: thirteen },
    ];
    expect(bestMatch({ ...item, removed_in: '17.0' }, candidates)?.candidate.id).toBe('thirteen');
  });

  it('takes a shared link as enough on its own, and a title with the same words', () => {
    const a = identity({ title: 'One thing', sources: [{ file: 'a.yml', item: 0, issue_url: 'https://x.example/issues/1/' }] });
    const b = identity({ title: 'Another', sources: [{ file: 'b.yml', item: 0, issue_url: 'http://x.example/issues/1#note' }] });
    expect(mergeEvidence(a, b)).toMatchObject({ kind: 'link', reasons: ['both link to x.example/issues/1'] });
    expect(
      mergeEvidence(
        identity({ title: 'Toggling notes confidentiality through the APIs' }),
        identity({ title: 'Note confidentiality can no longer be toggled through the APIs' }),
      )?.kind,
    ).toBe('title');
    // One shared word is not a title match.
    expect(mergeEvidence(identity({ title: 'Runner tags' }), identity({ title: 'Runner shells' }))).toBeUndefined();
  });
});

const WORDS = ['runner', 'token', 'pipeline', 'badge', 'widget', 'sprocket', 'cache', 'queue'];
const NAMES = ['CI_A', 'CI_B', 'CI_C', 'fieldOne', 'fieldTwo', 'TypeOne'];

const entryArbitrary = (prefix: string, imported: boolean) =>
  fc
    .record({
      words: fc.subarray(WORDS, { minLength: 1, maxLength: 4 }),
      names: fc.subarray(NAMES, { maxLength: 3 }),
      release: fc.constantFrom('16.0', '17.0', '18.0'),
      issue: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
    })
    .map(
      (spec) => (index: number) =>
        makeEntry({
          id: `${prefix}-${index}`,
          removed_in: spec.release,
          title: `${spec.words.join(' ')}${spec.names.length > 0 ? ` \`${spec.names[0]}\`` : ''}`,
          names: spec.names.length > 0 ? { variables: spec.names } : {},
          ...(imported
            ? {
                origin: 'imported' as const,
                sources: [
                  {
                    file: `data/${prefix}-${index}.yml`,
                    item: 0,
                    ...(spec.issue ? { issue_url: `https://i.example/${spec.issue}` } : {}),
                  },
                ],
              }
            : {}),
        }),
    );

describe('merging by identity', () => {
  it('never attaches one item to two entries, and keeps every item either as an entry or as one source', () => {
    fc.assert(
      fc.property(
        fc.array(entryArbitrary('own', false), { minLength: 1, maxLength: 6 }),
        fc.array(entryArbitrary('item', true), { minLength: 1, maxLength: 8 }),
        (ownMakers, itemMakers) => {
          const own = ownMakers.map((make, index) => make(index));
          const items = itemMakers.map((make, index) => make(index));
          const base = registerData({ entries: own, releases: ['16.0', '17.0', '18.0'] });
          const folder: RegisterFolder = {
            dir: 'f',
            entries: items,
            areas: [],
            stops: [],
            files: new Map(items.map((entry) => [entry.id, `f/${entry.id}.yaml`])),
            paths: new Map(),
            problems: [],
          };
          const merged = mergeRegisters(base, [folder]).data.entries;
          for (const item of items) {
            const asEntry = merged.some((entry) => entry.id === item.id) ? 1 : 0;
            const attached = merged.filter((entry) => entry.sources?.some((source) => source.entry === item.id)).length;
            expect(asEntry + attached).toBe(1);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
