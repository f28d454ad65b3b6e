import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { nodesAt, parseKeyPath } from '../../../src/check/file/yaml-path.ts';

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
});
