import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { MAX_ALIAS_STEPS, nodesAt, parseKeyPath } from '../../../src/check/file/yaml-path.ts';

/** The line and value of each node at a path, as `line:value`. */
function at(text: string, path: string): string[] {
  const document = parseDocument(text);
  return nodesAt(document.contents, parseKeyPath(path)).map((hit) => {
    const line = text.slice(0, hit.offset).split('\n').length;
    return `${line}:${JSON.stringify((hit.node as { toJSON?: () => unknown } | null)?.toJSON?.() ?? null)}`;
  });
}

describe('key paths', () => {
  it('parses keys, any key, list items and any depth', () => {
    expect(parseKeyPath('*.secrets[].vault')).toEqual([
      { anyKey: true },
      { key: 'secrets' },
      { anyItem: true },
      { key: 'vault' },
    ]);
    expect(parseKeyPath('**.variables')).toEqual([{ anyDepth: true }, { key: 'variables' }]);
  });

  it('finds nodes at any depth with **', () => {
    const document = parseDocument('variables: {A: 1}\njob:\n  rules:\n    - variables: {A: 2}\n');
    expect(nodesAt(document.contents, parseKeyPath('**.variables.A'))).toHaveLength(2);
  });

  it('reads through aliases and merge keys as CI configuration and Helm do, pointing at the key where it is written', () => {
    const text = [
      '.vars: &vars', // 1
      '  IMAGE: one', // 2
      '  SIZE: small', // 3
      '.more: &more', // 4
      '  IMAGE: two', // 5
      '  COLOUR: red', // 6
      'aliased:', // 7
      '  variables: *vars', // 8
      'merged:', // 9
      '  variables:', // 10
      '    <<: *vars', // 11
      '    SIZE: large', // 12
      'both:', // 13
      '  variables:', // 14
      '    <<: [*more, *vars]', // 15
      'inline:', // 16
      '  variables:', // 17
      '    <<: {IMAGE: three}', // 18
      '',
    ].join('\n');
    expect(at(text, 'aliased.variables.IMAGE')).toEqual(['2:"one"']);
    // A key the map sets itself wins over one merged in.
    expect(at(text, 'merged.variables.SIZE')).toEqual(['12:"large"']);
    expect(at(text, 'merged.variables.IMAGE')).toEqual(['2:"one"']);
    // Of a list of merged maps, the first that has the key gives it.
    expect(at(text, 'both.variables.IMAGE')).toEqual(['5:"two"']);
    expect(at(text, 'both.variables.SIZE')).toEqual(['3:"small"']);
    expect(at(text, 'inline.variables.IMAGE')).toEqual(['18:"three"']);
    // Any key and any depth see the merged keys once each, and the merge key itself not as a key.
    expect(at(text, 'merged.variables.*')).toEqual(['12:"large"', '2:"one"']);
    expect(at(text, '**.COLOUR')).toEqual(['6:"red"', '6:"red"']);
    expect(at(text, '*.variables.<<')).toEqual([]);
  });

  it('takes an alias for the anchor written last before it, and a << that merges nothing as a key', () => {
    const text = 'a: &x {K: first}\nb: *x\nc: &x {K: second}\nd: *x\ne:\n  <<: plain\n';
    expect(at(text, 'b.K')).toEqual(['1:"first"']);
    expect(at(text, 'd.K')).toEqual(['3:"second"']);
    expect(at(text, 'e.<<')).toEqual(['6:"plain"']);
    // Of an anchor given 2,000 times, each alias takes the one just before it.
    const many = Array.from({ length: 2000 }, (_, index) => `k${index}: &x {K: ${index}}\nr${index}: *x`).join('\n');
    expect(at(many, 'r1999.K')).toEqual(['3999:1999']);
    expect(at(many, 'r1000.K')).toEqual(['2001:1000']);
    expect(at(many, 'r0.K')).toEqual(['1:0']);
  });

  it('ends on aliases that hold themselves and on aliases of aliases, reading what is written', () => {
    const cycle = 'a: &a\n  b: *a\n  K: 1\n';
    expect(at(cycle, '**.K').length).toBeGreaterThan(0);
    // Twenty levels of ten aliases each stand for 10^20 nodes: the lookup stops following them past its budget.
    const lines = ['l0: &l0 [{K: 0}]'];
    for (let level = 1; level < 20; level++)
      lines.push(
        `l${level}: &l${level} [${Array(10)
          .fill(`*l${level - 1}`)
          .join(', ')}]`,
      );
    lines.push('job:', '  K: mine', '  list: *l19');
    const bomb = lines.join('\n');
    const hits = at(bomb, '**.K');
    expect(hits).toContain(`${lines.length - 1}:"mine"`);
    expect(hits.length).toBeLessThanOrEqual(MAX_ALIAS_STEPS + 2);
  });
});
