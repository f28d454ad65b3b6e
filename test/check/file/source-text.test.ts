import { describe, expect, it } from 'vitest';
import { commentStart, createSourceText, rubyBlockComments } from '../../../src/check/file/source-text.ts';

describe('source text', () => {
  it('maps offsets to 1-based lines and columns', () => {
    const source = createSourceText('ab\ncd\r\nef', 'none');
    expect(source.position(0)).toEqual({ line: 1, column: 1 });
    expect(source.position(4)).toEqual({ line: 2, column: 2 });
    expect(source.lineText(2)).toBe('cd');
    expect(source.position(8)).toEqual({ line: 3, column: 2 });
  });

  it('finds comments outside quotes, not URL fragments or $#', () => {
    expect(commentStart('echo $CI # note', 'hash')).toBe(9);
    expect(commentStart('echo "# not" $#', 'hash')).toBe(-1);
    expect(commentStart('url: https://x/#/a', 'hash')).toBe(-1);
    expect(commentStart('fetch("https://x") // call', 'slash')).toBe(19);
    expect(commentStart('  * doc line', 'slash')).toBe(2);
    expect(commentStart('{"a": "#"}', 'none')).toBe(-1);
  });

  it('says whether an offset is in a comment', () => {
    const source = createSourceText('a $X # $X\n', 'hash');
    expect(source.inComment(2)).toBe(false);
    expect(source.inComment(7)).toBe(true);
  });

  it('takes =begin … =end as a comment in Ruby only, from the first line through the closing one', () => {
    const text = 'a = 1\n=begin note\nb = 2\n=end of note\nc = 3\n=begin\nd = 4';
    expect(rubyBlockComments(text)).toEqual([
      [text.indexOf('=begin note'), text.indexOf('c = 3')],
      [text.indexOf('=begin\nd'), text.length],
    ]);
    const ruby = createSourceText(text, 'hash', { rubyBlocks: true });
    const at = (word: string) => text.indexOf(word);
    expect([at('a ='), at('b ='), at('=end'), at('c ='), at('d =')].map((offset) => ruby.inComment(offset))).toEqual([
      false,
      true,
      true,
      false,
      true,
    ]);
    // Not Ruby, or the words not at a line's very start: no block.
    expect(createSourceText(text, 'hash').inComment(at('b ='))).toBe(false);
    expect(rubyBlockComments('x\n =begin\ny\n=end\n')).toEqual([]);
    expect(rubyBlockComments('=beginning\ny\n')).toEqual([]);
    // `=end` must also stand alone: `=ending` does not close the block.
    expect(rubyBlockComments('=begin\n=ending\ny\n=end\nz\n')).toEqual([[0, 22]]);
  });
});
