import fc from 'fast-check';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { toYaml } from '../../src/import/entry-yaml.ts';

/** Text with what trips YAML writers up: line breaks, leading spaces, quotes, colons, hashes, look-alikes. */
const text = fc.oneof(
  fc.string({
    unit: fc.constantFrom(
      'a',
      'Z',
      ' ',
      '\n',
      '\t',
      ':',
      '#',
      '"',
      "'",
      '`',
      '|',
      '-',
      '1',
      '.',
      '\\',
      '{',
      '[',
      '*',
      '&',
      '!',
      '%',
      '@',
      'é',
      '\u2028',
      '\r',
      '\u0085',
    ),
  }),
  fc.constantFrom(
    'true',
    'no',
    'Yes',
    'null',
    '~',
    '17.0',
    '16.10',
    '0o17',
    '1e3',
    '2025-02-20',
    '',
    ' ',
    '\n',
    'a\n\n',
    '\n a',
    '- x',
    'x: y',
    'a #b',
    '? q',
  ),
);
const leaf = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null));
const tree = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), tie('node'), { maxKeys: 3 }),
  ),
})).node;

describe('toYaml', () => {
  it('writes an entry readably: block text, flow lists, quoted releases', () => {
    expect(
      toYaml({
        id: 'x',
        removed_in: '17.0',
        title: 'A title: with a colon',
        summary: 'Line one\n\n| a | b |\n',
        offerings: ['hosted', 'self-managed'],
        names: { variables: ['CI_X'] },
        sources: [{ file: 'a.yml', item: 0, extra: { owners: ['a'], at: '2025-02-20' } }],
      }),
    ).toBe(
      'id: x\nremoved_in: "17.0"\ntitle: "A title: with a colon"\nsummary: |\n  Line one\n\n  | a | b |\nofferings: [hosted, self-managed]\nnames:\n  variables: [CI_X]\nsources:\n  - file: a.yml\n    item: 0\n    extra:\n      owners: [a]\n      at: "2025-02-20"\n',
    );
  });

  it('is read back as exactly the data by js-yaml (the register’s reader) and by yaml', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), tree, { minKeys: 1, maxKeys: 5 }), (data) => {
        const yaml = toYaml(data);
        expect(load(yaml)).toEqual(data);
        expect(parse(yaml)).toEqual(data);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes lists of mappings (areas, stops)', () => {
    const stops = [{ release: '16.7', note: 'Migrations: **long**.' }, { release: '17.3' }];
    expect(toYaml(stops)).toBe('- release: "16.7"\n  note: "Migrations: **long**."\n- release: "17.3"\n');
    expect(load(toYaml([]))).toEqual([]);
  });
});
