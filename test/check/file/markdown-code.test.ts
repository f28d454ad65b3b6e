import { describe, expect, it } from 'vitest';
import { fencedCode, inRanges, isMarkdown } from '../../../src/check/file/markdown-code.ts';

describe('Markdown code blocks', () => {
  it('finds the contents of backtick and tilde fences, and runs an unclosed one to the end', () => {
    const text = 'Prose X\n```yaml\ncode X\n```\nmore X\n~~~~\nY\n~~~\n~~~~\ntail';
    const ranges = fencedCode(text);
    expect(ranges.map(([start, end]) => text.slice(start, end))).toEqual(['code X\n', 'Y\n~~~\n']);
    expect(fencedCode('a\n```\nopen')).toEqual([[6, 10]]);
  });

  it('tells offsets inside code from prose, and Markdown paths from others', () => {
    const text = 'was removed: X\n```\nX\n```\n';
    const ranges = fencedCode(text);
    expect(inRanges(ranges, text.indexOf('X'))).toBe(false);
    expect(inRanges(ranges, text.lastIndexOf('X'))).toBe(true);
    expect(isMarkdown('docs/UPGRADE.md')).toBe(true);
    expect(isMarkdown('notes.txt')).toBe(false);
  });
});
