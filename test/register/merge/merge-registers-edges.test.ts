import { describe, expect, it } from 'vitest';
import { mergeRegisters } from '../../../src/register/merge/merge-registers.ts';
import type { RegisterFolder } from '../../../src/register/merge/read-register-folder.ts';
import type { DetectRule } from '../../../src/schemas/detect-rule.ts';
import { makeEntry, registerData } from '../entry-fixture.ts';

const setting = (name: string, text: string, value?: string): DetectRule => ({
  kind: 'omnibus-setting',
  setting: name,
  ...(value === undefined ? {} : { value }),
  example: { file: 'gitlab.rb', text },
  near_miss: { file: 'gitlab.rb', text: `# ${text}` },
});
const own = setting('redis.cache_store', "redis['cache_store'] = true\n");
const base = registerData({
  entries: [
    makeEntry({
      id: 'cache-store-removed',
      removed_in: '17.0',
      breaking: true,
      title: 'The Redis cache store setting is removed',
      names: { settings: ["redis['cache_store']"] },
      detect: [own],
    }),
  ],
  releases: ['16.0', '17.0', '18.0'],
});
function folder(entries: ReturnType<typeof makeEntry>[]): RegisterFolder {
  return {
    dir: 'imported',
    entries,
    areas: [{ id: 'omnibus-settings', title: 'Omnibus settings', description: 'Settings.' }],
    stops: [],
    files: new Map(entries.map((entry) => [entry.id, `imported/register/${entry.removed_in}/${entry.id}.yaml`])),
    paths: new Map(entries.map((entry) => [entry.id, `/abs/imported/register/${entry.removed_in}/${entry.id}.yaml`])),
    problems: [],
  };
}

describe('merging edges', () => {
  it("adds an item's setting rules to the entry it describes, unless the entry already looks for that setting and value", () => {
    const item = makeEntry({
      id: 'omnibus-redis-cache-store-removed',
      removed_in: '17.0',
      breaking: true,
      area: 'omnibus-settings',
      origin: 'imported',
      title: 'Omnibus setting: the Redis cache store setting is removed',
      names: { settings: ["redis['cache_store']"] },
      sources: [{ file: 'deprecations.rb', item: 0, line: 3 }],
      detect: [
        setting('redis.cache_store', "redis['cache_store'] = false\n"),
        setting('redis.cache_store', "redis['cache_store'] = 'memory'\n", 'memory'),
        setting('redis.cache_size', "redis['cache_size'] = 1\n"),
      ],
    });
    const merged = mergeRegisters(base, [folder([item])]).data.entries;
    expect(merged.map((entry) => entry.id)).toEqual(['cache-store-removed']);
    expect(
      merged[0]?.detect.map((rule) => (rule.kind === 'omnibus-setting' ? `${rule.setting}=${rule.value ?? ''}` : rule.kind)),
    ).toEqual(['redis.cache_store=', 'redis.cache_store=memory', 'redis.cache_size=']);
  });

  it('names an entry of a folder announced after it is removed, and takes one announced in that release', () => {
    const late = makeEntry({ id: 'late', removed_in: '17.0', area: 'omnibus-settings', announced_in: '18.0' });
    const same = makeEntry({ id: 'same', removed_in: '17.0', area: 'omnibus-settings', announced_in: '17.0' });
    expect(mergeRegisters(base, [folder([late, same])]).problems).toEqual([
      {
        file: 'imported/register/17.0/late.yaml',
        path: 'announced_in',
        message: 'announced_in "18.0" is after removed_in "17.0"',
      },
    ]);
  });
});
