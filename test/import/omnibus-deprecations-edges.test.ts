import { describe, expect, it } from 'vitest';
import { readSettingsList, settingsEntries } from '../../src/import/omnibus-deprecations.ts';

const list = (body: string) => `# header\ndeprecations = [\n${body}]\n`;
const items = (body: string) => readSettingsList('d.rb', list(body));
const failure = (text: string) => {
  try {
    readSettingsList('d.rb', text);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

describe('the Omnibus deprecations list, edges', () => {
  it("reads escapes as Ruby does: single quotes keep all but \\' and \\\\, double quotes read \\n", () => {
    const [item] = items(String.raw`  { config_keys: %w(a b), note: 'it\'s a \\ and \n', removal: "17.0" },` + '\n');
    expect(item?.note).toBe(String.raw`it's a \ and \n`);
    const [double] = items(String.raw`  { config_keys: %w(a b), note: "one\ntwo \"q\" \\", removal: '17.0' }` + '\n');
    expect(double?.note).toBe('one\ntwo "q" \\');
  });

  it('reads keys as a %w list with any bracket, a bracketed list of strings, or one string of words', () => {
    const read = items(
      [
        "  { config_keys: %w[gitlab  sidekiq\n   negate], removal: '17.0' },",
        "  { config_keys: %w{a b}, removal: '17.0' },",
        "  { config_keys: %w<c d>, removal: '17.0' },",
        "  { config_keys: ['gitlab', \"nginx\" , 'enable'], removal: '17.0' },",
        "  { config_keys: [], removal: '17.0' },",
        "  { :config_keys => 'praefect  auth', 'removal' => '18.0', other: 'x' }",
        '',
      ].join('\n'),
    );
    expect(read.map((item) => [item.line, item.configKeys, item.removal])).toEqual([
      [3, ['gitlab', 'sidekiq', 'negate'], '17.0'],
      [5, ['a', 'b'], '17.0'],
      [6, ['c', 'd'], '17.0'],
      [7, ['gitlab', 'nginx', 'enable'], '17.0'],
      [8, [], '17.0'],
      [9, ['praefect', 'auth'], '18.0'],
    ]);
  });

  it('says where the list breaks and why', () => {
    expect(failure(list("  { config_keys: %w(a b), note: 'open }\n"))).toBe('d.rb:5: a string is not closed');
    expect(failure(list('  { config_keys: %w(a b }\n'))).toBe('d.rb:3: a %w list is not closed');
    expect(failure(list("  { config_keys: ['a', %w(b)] }\n"))).toBe('d.rb:3: a list of keys holds strings only');
    expect(failure(list("  { config_keys: ['a'], removal: %w(1 2) }\n"))).toBe('d.rb:3: `removal` is a string');
    expect(failure(list('  { 1 => 2 }\n'))).toBe('d.rb:3: expected a key such as `config_keys:` in the hash');
    expect(failure('deprecations = [\n  { config_keys: %w(a b) },\n')).toBe('d.rb:3: the list is not closed with `]`');
    expect(failure('deprecations = [\n  { config_keys:')).toBe(
      'd.rb:2: `the end of the file` is not a literal string or list; the list is read as data, never run as code',
    );
  });

  it('leaves out items without a setting, with a removal that is not a release, or listed twice', () => {
    const { entries, problems } = settingsEntries(
      'd.rb',
      list(
        [
          "  { config_keys: %w(gitlab), removal: '17.0' },",
          "  { config_keys: %w(gitlab sidekiq negate), removal: 'soon' },",
          "  { config_keys: %w(gitlab sidekiq negate), deprecation: 'later', removal: '17.0' },",
          "  { config_keys: %w(sidekiq negate), removal: '17.1' },",
          '',
        ].join('\n'),
      ),
    );
    expect(problems).toEqual([
      { file: 'd.rb', line: 3, reason: 'missing-field', message: 'the item has no config_keys naming a setting' },
      {
        file: 'd.rb',
        line: 4,
        reason: 'malformed-field',
        message: 'removal of sidekiq[\'negate\'] is not a release such as "17.0"',
      },
      { file: 'd.rb', line: 6, reason: 'duplicate-title', message: "sidekiq['negate'] is listed twice" },
    ]);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      id: 'omnibus-sidekiq-negate-removed',
      removed_in: '17.0',
      summary: "The Omnibus package's deprecations list names `sidekiq['negate']` in `gitlab.rb`, removed in 17.0.\n",
      migration: "Remove `sidekiq['negate']` from `gitlab.rb`.\n",
      sources: [{ file: 'd.rb', item: 2, line: 5 }],
    });
    expect(entry?.announced_in).toBeUndefined();
    expect(entry?.detect?.[0]).toMatchObject({
      example: { file: 'gitlab.rb', text: "sidekiq['negate'] = true\n" },
      near_miss: { file: 'gitlab.rb', text: "# sidekiq['negate'] = true\nsidekiq['negate_replacement'] = true\n" },
    });
  });

  it('announces an entry only in a release no later than its removal, and keeps a note as its migration', () => {
    const { entries } = settingsEntries(
      'd.rb',
      list(
        [
          "  { config_keys: %w(gitlab nginx a), deprecation: '16.0', removal: '17.0', note: '  Use b.  ' },",
          "  { config_keys: %w(gitlab nginx c), deprecation: '17.0', removal: '17.0', note: '   ' },",
          "  { config_keys: %w(gitlab nginx d), deprecation: '17.1', removal: '17.0' },",
          '',
        ].join('\n'),
      ),
    );
    expect(entries.map((entry) => [entry.id, entry.announced_in, entry.migration])).toEqual([
      ['omnibus-nginx-a-removed', '16.0', 'Use b.\n'],
      ['omnibus-nginx-c-removed', '17.0', "Remove `nginx['c']` from `gitlab.rb`.\n"],
      ['omnibus-nginx-d-removed', undefined, "Remove `nginx['d']` from `gitlab.rb`.\n"],
    ]);
    expect(entries[0]?.summary).toBe(
      "The Omnibus package's deprecations list names `nginx['a']` in `gitlab.rb`, deprecated in 16.0, removed in 17.0.\n",
    );
  });
});
