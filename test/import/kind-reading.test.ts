import { describe, expect, it } from 'vitest';
import { readKind } from '../../src/import/kind-reading.ts';

describe('readKind', () => {
  it('reads a rename only where the text pairs an old and a new name', () => {
    expect(readKind('A field is renamed', 'The field `totalWeight` is renamed to `totalIssueWeight`.')).toEqual({
      kind: 'rename',
      basis: 'the title says renamed and the text pairs `totalWeight` with `totalIssueWeight`',
      from: ['totalWeight'],
      to: ['totalIssueWeight'],
    });
    expect(readKind('Setting renamed', 'Change the setting from `old_key` to `new_key`.')).toMatchObject({
      from: ['old_key'],
      to: ['new_key'],
    });
    // Renamed, but no pair to show: read as a removal of the old name.
    expect(readKind('Things are renamed', 'Names change.').kind).toBe('removal');
  });

  it('reads a change of default or behaviour as a behaviour change', () => {
    expect(readKind('The default sort of runner projects is changing', 'b')).toEqual({
      kind: 'behavior-change',
      basis: 'the title says "default"',
    });
    expect(readKind('Uploads are changing to run in the background', 'b').kind).toBe('behavior-change');
  });

  it('reads a thing that stays but is not maintained as a deprecation, and the rest as a removal', () => {
    expect(readKind('Grype-based scanning', 'It is no longer maintained and stops in a later release.')).toEqual({
      kind: 'deprecation',
      basis: 'the text says "no longer maintained"',
    });
    expect(readKind('The old endpoint is removed', 'Use the new one.')).toEqual({
      kind: 'removal',
      basis: 'the item names the release the thing goes in and no other kind of change',
    });
  });

  it('lists each old and new name of a rename once, however often the text pairs them', () => {
    expect(
      readKind(
        'The `a` option is renamed',
        'Now `a` is renamed to `b`. Again: `a` is renamed to `b`, and `c` is renamed to `b`.',
      ),
    ).toEqual({
      kind: 'rename',
      basis: 'the title says renamed and the text pairs `a` with `b`',
      from: ['a', 'c'],
      to: ['b'],
    });
  });
});
