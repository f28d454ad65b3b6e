import { describe, expect, it } from 'vitest';
import { readPlatformFile } from '../../src/import/platform-file.ts';

describe('readPlatformFile', () => {
  it('reads every item with its line and each field with the line of its key', () => {
    const parsed = readPlatformFile(
      '# a comment first\n- title: "One"  # trailing comment\n  removal_milestone: "17.0"\n\n- name: Two\n  tiers: [Free, \'Premium\']\n',
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.items.map((item) => item.line)).toEqual([2, 5]);
    expect(parsed.items[0]?.fields?.get('removal_milestone')).toEqual({ value: '17.0', line: 3 });
    expect(parsed.items[1]?.fields?.get('tiers')?.value).toEqual(['Free', 'Premium']);
  });

  it('keeps the text of a number as written, so an unquoted 16.10 is not 16.1', () => {
    const parsed = readPlatformFile('- removal_milestone: 16.10\n  window: 2\n');
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.items[0]?.fields?.get('removal_milestone')).toEqual({ value: 16.1, written: '16.10', line: 1 });
    expect(parsed.items[0]?.fields?.get('window')).toEqual({ value: 2, written: '2', line: 2 });
  });

  it('gives an item that is not a mapping no fields', () => {
    const parsed = readPlatformFile('- just text\n- title: x\n');
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.items[0]).toEqual({ index: 0, line: 1 });
    expect(parsed.items[1]?.fields?.has('title')).toBe(true);
  });

  it('reads an empty file, or one of comments only, as no items', () => {
    expect(readPlatformFile('')).toEqual({ ok: true, items: [] });
    expect(readPlatformFile('# nothing yet\n')).toEqual({ ok: true, items: [] });
  });

  it('refuses text that is not YAML, with the line of the error', () => {
    const parsed = readPlatformFile('- title: fine\n- title: "not closed\n  body: x\n');
    expect(parsed).toMatchObject({ ok: false, line: 2, message: expect.stringMatching(/^YAML syntax: /) });
  });

  it('refuses a repeated key and a file that is not a list', () => {
    expect(readPlatformFile('- title: a\n  title: b\n')).toMatchObject({ ok: false, line: 2 });
    expect(readPlatformFile('title: a\nbody: b\n')).toEqual({
      ok: false,
      line: 1,
      message: 'expected a list of items, each starting "- title:"',
    });
  });
});
