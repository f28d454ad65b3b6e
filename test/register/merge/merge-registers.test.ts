import { describe, expect, it } from 'vitest';
import { BUILT_IN, mergeRegisters } from '../../../src/register/merge/merge-registers.ts';
import type { RegisterFolder } from '../../../src/register/merge/read-register-folder.ts';
import { createRegister } from '../../../src/register/register.ts';
import { OFFERINGS_UNSTATED_BASIS } from '../../../src/schemas/imported-source.ts';
import type { RegisterEntryInput } from '../../../src/schemas/register-entry.ts';
import { makeEntry, registerData } from '../entry-fixture.ts';

const base = registerData({
  entries: [
    makeEntry({
      id: 'jwt-removed',
      removed_in: '17.0',
      breaking: true,
      title: 'Old job tokens go',
      names: { variables: ['CI_JOB_JWT', 'CI_JOB_JWT_V2'] },
    }),
    makeEntry({ id: 'lint-blocked', removed_in: '17.0', title: 'The lint endpoint refuses ref and sha' }),
    makeEntry({ id: 'other-release', removed_in: '16.0', names: { variables: ['CI_JOB_JWT_V2'] } }),
  ],
  areas: [{ id: 'ci', title: 'CI/CD pipelines', description: 'Pipelines.' }],
  releases: ['16.0', '17.0', '18.0'],
  flags: { beta_since: '16.0', flags: [] },
  settings: { base_url: 'https://p', config_dir: '.gitlab', site_url: 'https://s' },
  sources: new Map([['entry:jwt-removed', 'register/17.0/jwt-removed.yaml']]),
});

function imported(fields: Partial<RegisterEntryInput> & Pick<RegisterEntryInput, 'id' | 'removed_in'>) {
  return makeEntry({
    area: 'stage-verify',
    origin: 'imported',
    sources: [{ file: `data/${fields.id}.yml`, item: 0, issue_url: 'https://i/1' }],
    ...fields,
  });
}

function folder(dir: string, entries: ReturnType<typeof makeEntry>[], extra: Partial<RegisterFolder> = {}): RegisterFolder {
  return {
    dir,
    entries,
    areas: [{ id: 'stage-verify', title: 'Verify stage', description: 'Verify.' }],
    stops: [],
    files: new Map(entries.map((entry) => [entry.id, `${dir}/register/${entry.removed_in}/${entry.id}.yaml`])),
    paths: new Map(entries.map((entry) => [entry.id, `/abs/${dir}/register/${entry.removed_in}/${entry.id}.yaml`])),
    problems: [],
    ...extra,
  };
}

describe('mergeRegisters', () => {
  it('adds entries of a folder, their areas, and releases only they name', () => {
    const result = mergeRegisters(base, [
      folder('imported', [imported({ id: 'new-thing', removed_in: '18.3', announced_in: '14.9' })]),
    ]);
    expect(result.problems).toEqual([]);
    expect(result.conflicts).toEqual([]);
    expect(result.data.entries.map((entry) => entry.id)).toContain('new-thing');
    expect(result.data.areas.map((area) => area.id)).toEqual(['ci', 'stage-verify']);
    expect(result.data.releases).toEqual([
      { release: '14.9', origin: 'imported' },
      { release: '16.0' },
      { release: '17.0' },
      { release: '18.0' },
      { release: '18.3', origin: 'imported' },
    ]);
    expect(result.data.sources.get('entry:new-thing')).toBe('/abs/imported/register/18.3/new-thing.yaml');
    expect(createRegister(result.data).knowsRelease('14.2')).toBe(true);
  });

  it('attaches an imported item that shares names and title words with an entry, with the evidence, instead of a second entry', () => {
    const item = imported({
      id: 'platform-jwt',
      removed_in: '17.0',
      breaking: true,
      title: 'Old job token variables `CI_JOB_JWT_V2` are removed',
      names: { variables: ['CI_JOB_JWT_V2'] },
    });
    const result = mergeRegisters(base, [folder('imported', [item])]);
    const ids = result.data.entries.map((entry) => entry.id);
    expect(ids).not.toContain('platform-jwt');
    expect(result.data.entries.find((entry) => entry.id === 'jwt-removed')?.sources).toEqual([
      {
        file: 'data/platform-jwt.yml',
        item: 0,
        issue_url: 'https://i/1',
        entry: 'platform-jwt',
        title: 'Old job token variables `CI_JOB_JWT_V2` are removed',
        register: 'imported',
        evidence: ['shared names `ci_job_jwt_v2`', 'titles share the words job, token'],
      },
    ]);
    // The entry of another release that shares the name has weaker evidence, so the item is not attached there too.
    expect(result.data.entries.find((entry) => entry.id === 'other-release')?.sources).toBeUndefined();
    expect(result.conflicts).toEqual([]);
    // Nothing of the built-in data changes.
    expect(base.entries[0]?.sources).toBeUndefined();
  });

  it('never attaches on one shared name whose titles say different things', () => {
    const item = imported({
      id: 'platform-other',
      removed_in: '17.0',
      title: 'Pipeline badges lose their colour',
      names: { variables: ['CI_JOB_JWT_V2'] },
    });
    const result = mergeRegisters(base, [folder('imported', [item])]);
    expect(result.data.entries.map((entry) => entry.id)).toContain('platform-other');
    expect(result.data.entries.flatMap((entry) => entry.sources ?? []).filter((source) => source.entry)).toEqual([]);
  });

  it('attaches by title, ignoring case and punctuation, and keeps both readings where the two disagree', () => {
    const item = imported({
      id: 'platform-lint',
      removed_in: '17.0',
      title: 'The lint endpoint refuses `ref` and `sha`!',
      breaking: true,
      announced_in: '16.0',
    });
    const result = mergeRegisters(base, [folder('imported', [item])]);
    const sources = result.data.entries.find((entry) => entry.id === 'lint-blocked')?.sources;
    expect(sources).toHaveLength(1);
    expect(sources?.[0]?.evidence).toEqual(['the same title']);
    expect(sources?.[0]?.disagreements).toEqual([{ field: 'breaking', platform: 'breaking', register: 'not breaking' }]);
    expect(result.conflicts).toEqual([
      {
        subject: 'lint-blocked',
        registers: [BUILT_IN, 'imported'],
        message:
          'imported/register/17.0/platform-lint.yaml describes "lint-blocked" (the same title), but on breaking: the platform\'s data says breaking; this register says not breaking',
      },
    ]);
  });

  it('attaches an item of another release on strong evidence and reports the release they disagree on', () => {
    const item = imported({
      id: 'platform-lint-early',
      removed_in: '16.0',
      title: 'Lint endpoint refuses ref and sha',
    });
    const result = mergeRegisters(base, [folder('imported', [item])]);
    const source = result.data.entries.find((entry) => entry.id === 'lint-blocked')?.sources?.[0];
    expect(source?.entry).toBe('platform-lint-early');
    expect(source?.disagreements).toEqual([{ field: 'removed_in', platform: '16.0', register: '17.0' }]);
    expect(result.conflicts.map((conflict) => conflict.message)).toEqual([
      'imported/register/16.0/platform-lint-early.yaml describes "lint-blocked" (titles with the same words (endpoint, lint, ref, refus, sha)), but on takes effect in: the platform\'s data says 16.0; this register says 17.0',
    ]);
  });

  it('reports offerings the item states that differ, but not the every-offering list of an item that states none', () => {
    const stated = imported({
      id: 'platform-lint-hosted',
      removed_in: '17.0',
      title: 'The lint endpoint refuses ref and sha',
      offerings: ['hosted'],
      sources: [{ file: 'data/a.yml', item: 0, offerings_basis: 'the item\'s impact_offering field says "GitLab.com"' }],
    });
    const unstated = imported({
      id: 'platform-jwt-all',
      removed_in: '17.0',
      breaking: true,
      title: 'Old job tokens go',
      offerings: ['hosted', 'self-managed', 'dedicated'],
      sources: [{ file: 'data/b.yml', item: 0, offerings_basis: OFFERINGS_UNSTATED_BASIS }],
    });
    const own = registerData({
      ...base,
      releases: ['16.0', '17.0', '18.0'],
      entries: base.entries.map((entry) => ({ ...entry, offerings: ['self-managed' as const] })),
    });
    const result = mergeRegisters(own, [folder('imported', [stated, unstated])]);
    const sourceOf = (id: string) => result.data.entries.find((entry) => entry.id === id)?.sources?.[0];
    expect(sourceOf('lint-blocked')?.disagreements).toEqual([
      { field: 'offerings', platform: 'hosted', register: 'self-managed' },
    ]);
    expect(sourceOf('jwt-removed')?.disagreements).toBeUndefined();
  });

  it('attaches on a shared tracking issue, and merges imported duplicates of one another', () => {
    const first = imported({ id: 'a-first', removed_in: '18.0', title: 'Widgets go away' });
    const second = imported({ id: 'b-second', removed_in: '18.0', title: 'Sprockets are retired' });
    const third = makeEntry({
      id: 'c-third',
      removed_in: '18.0',
      area: 'stage-verify',
      origin: 'imported',
      title: 'Widgets go away',
      sources: [{ file: 'data/c.yml', item: 0 }],
    });
    const result = mergeRegisters(base, [folder('a', [first, second]), folder('b', [third])]);
    const ids = result.data.entries.map((entry) => entry.id);
    expect(ids).toContain('a-first');
    expect(ids).not.toContain('b-second');
    expect(ids).not.toContain('c-third');
    expect(result.data.entries.find((entry) => entry.id === 'a-first')?.sources?.map((source) => source.evidence)).toEqual([
      undefined,
      ['both link to i/1'],
      ['the same title'],
    ]);
  });

  it('keeps one entry for the same id read twice, and shows a conflict when the two differ', () => {
    const first = imported({ id: 'same', removed_in: '18.0' });
    const identical = mergeRegisters(base, [folder('a', [first]), folder('b', [first])]);
    expect(identical.conflicts).toEqual([]);
    expect(identical.data.entries.filter((entry) => entry.id === 'same')).toHaveLength(1);
    const changed = mergeRegisters(base, [folder('a', [first]), folder('b', [{ ...first, title: 'Other', breaking: false }])]);
    expect(changed.data.entries.find((entry) => entry.id === 'same')?.title).toBe(first.title);
    expect(changed.conflicts).toEqual([
      {
        subject: 'same',
        registers: ['a', 'b'],
        message: 'entry "same" is in a and in b/register/18.0/same.yaml, and they differ in title; a\'s is shown',
      },
    ]);
  });

  it('shows a folder entry that reuses a built-in id as a conflict, the built-in one shown', () => {
    const result = mergeRegisters(base, [
      folder('mine', [makeEntry({ id: 'jwt-removed', removed_in: '17.0', breaking: true, title: 'Mine' })]),
    ]);
    expect(result.data.entries.find((entry) => entry.id === 'jwt-removed')?.title).toBe('Old job tokens go');
    expect(result.conflicts[0]).toMatchObject({ subject: 'jwt-removed', registers: [BUILT_IN, 'mine'] });
    expect(result.conflicts[0]?.message).toMatch(/differ in names, title; the built-in register's is shown$/);
  });

  it('does not attach an entry written by hand in a folder: it joins as its own', () => {
    const own = makeEntry({ id: 'ours', removed_in: '17.0', names: { variables: ['CI_JOB_JWT'] } });
    expect(mergeRegisters(base, [folder('mine', [own])]).data.entries.map((entry) => entry.id)).toContain('ours');
  });

  it('joins upgrade stops by release, oldest first, and shows two notes for one stop', () => {
    const result = mergeRegisters(base, [
      folder('a', [], { stops: [{ release: '17.3' }, { release: '16.7', note: 'Long migrations.' }] }),
      folder('b', [], { stops: [{ release: '16.7', note: 'Other words.' }, { release: '17.5' }] }),
    ]);
    expect(result.data.upgradeStops).toEqual([
      { release: '16.7', note: 'Long migrations.' },
      { release: '17.3' },
      { release: '17.5' },
    ]);
    expect(result.data.releases.map((release) => release.release)).toEqual(['16.0', '16.7', '17.0', '17.3', '17.5', '18.0']);
    expect(result.conflicts).toEqual([
      { subject: 'stop:16.7', registers: ['b'], message: 'upgrade stop 16.7 has two notes; the first read is used' },
    ]);
  });

  it('shows an area of a folder that differs from the built-in one of that id, keeping the built-in one', () => {
    const result = mergeRegisters(base, [folder('a', [], { areas: [{ id: 'ci', title: 'Pipelines', description: 'x' }] })]);
    expect(result.data.areas.find((area) => area.id === 'ci')?.title).toBe('CI/CD pipelines');
    expect(result.conflicts).toEqual([
      { subject: 'area:ci', registers: [BUILT_IN, 'a'], message: 'area "ci" differs; the built-in register\'s is used' },
    ]);
  });

  it('finds entries that name an area, related entry or endpoint that nothing holds', () => {
    const stray = makeEntry({
      id: 'stray',
      removed_in: '18.0',
      area: 'nowhere',
      related: ['jwt-removed', 'gone'],
      endpoints: ['no-endpoint'],
    });
    const { problems } = mergeRegisters(base, [folder('a', [stray], { areas: [] })]);
    expect(problems).toEqual([
      {
        file: 'a/register/18.0/stray.yaml',
        path: 'area',
        message: 'area "nowhere" is in neither areas.yaml of this folder nor the built-in register',
      },
      { file: 'a/register/18.0/stray.yaml', path: 'related[1]', message: 'related entry "gone" does not exist' },
      { file: 'a/register/18.0/stray.yaml', path: 'endpoints[0]', message: 'endpoint "no-endpoint" does not exist' },
    ]);
  });
});
