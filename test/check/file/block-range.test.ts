import { describe, expect, it } from 'vitest';
import { blockEnd, statementEnd } from '../../../src/check/file/block-range.ts';

/** The block that opens at the text's first bracket, as text. */
const block = (text: string) => {
  const open = text.search(/[[({]/);
  return text.slice(open, blockEnd(text, open));
};

/** The statement that starts at the text's start, as text. */
const statement = (text: string, from = 0) => text.slice(from, statementEnd(text, from));

describe('blockEnd', () => {
  it('ends after the closer that matches the opener, through nested brackets of every kind', () => {
    expect(block('x = { a: [1, (2)], b: {} } tail')).toBe('{ a: [1, (2)], b: {} }');
    expect(block('f(g(h()), [x]) tail')).toBe('(g(h()), [x])');
    // A closer of another kind does not close the block.
    expect(block('[ ) } ] tail')).toBe('[ ) } ]');
  });

  it('skips brackets in single- and double-quoted strings, also after an escaped quote', () => {
    expect(block(`['a', ']', "]", 'it\\'s ]', "say \\"]\\""] tail`)).toBe(`['a', ']', "]", 'it\\'s ]', "say \\"]\\""]`);
    // A string left open ends with its line.
    expect(block("['open\n  ] tail")).toBe("['open\n  ]");
    expect(block('["open\n  ] tail')).toBe('["open\n  ]');
  });

  it('skips brackets in # and // comments to their line end', () => {
    expect(block('[a, # ]\n  b] tail')).toBe('[a, # ]\n  b]');
    expect(block('{ a = 1 // }\n  b = 2 } tail')).toBe('{ a = 1 // }\n  b = 2 }');
    // One slash is no comment: the bracket after it counts.
    expect(block('[a / ] tail')).toBe('[a / ]');
  });

  it('runs to the text’s end when the block never closes, also in a last-line comment or string', () => {
    for (const text of ['[never closed', '[a # ]', '[a // ]', "[a, 'b]", '["a\\"]', 'no bracket at all', 'a ] b'])
      expect(blockEnd(text, 0), text).toBe(text.length);
  });
});

describe('statementEnd', () => {
  it('ends at the line end outside brackets', () => {
    expect(statement("roles ['a']\nroles ['b']\n")).toBe("roles ['a']");
    expect(statement("roles ['a'] # ['b',\nnext\n")).toBe("roles ['a'] # ['b',");
    expect(statement('last line, no newline')).toBe('last line, no newline');
    expect(statement('a # last line is a comment')).toBe('a # last line is a comment');
    // A statement that ends where it starts is empty.
    expect(statement("\n['a']\n")).toBe('');
    expect(statement("roles\n['a']\n", 5)).toBe('');
  });

  it('goes on over lines while a bracket of any kind is open, past brackets in strings', () => {
    expect(statement("roles [\n  'a', ']',\n  'b'\n]\nnext\n")).toBe("roles [\n  'a', ']',\n  'b'\n]");
    expect(statement("x = base.merge(\n  'k' => 1)\nnext\n")).toBe("x = base.merge(\n  'k' => 1)");
    expect(statement("x = {\n  'k' => 1\n}\nnext\n")).toBe("x = {\n  'k' => 1\n}");
    expect(statement('[[\n  a\n]\n]\nnext\n')).toBe('[[\n  a\n]\n]');
    expect(statement('x = ["[", "(", "{"]\nnext\n')).toBe('x = ["[", "(", "{"]');
    // A closer too many does not open anything.
    expect(statement('a)\nnext\n')).toBe('a)');
    expect(statement('a] + [\n b]\nnext\n')).toBe('a] + [\n b]');
  });

  it('goes on after a line that ends in an operator, a comma, a dot, a condition or a backslash', () => {
    for (const carry of ['-', '+', '*', '=', '<', '>', '?', ':', ',', '.', '&&', '||', '\\'])
      expect(statement(`a ${carry}\n  b\nnext\n`), carry).toBe(`a ${carry}\n  b`);
    // Spaces, tabs and a carriage return after it, or a comment, still carry it on.
    expect(statement('a + \t\r\n  b\nnext\n')).toBe('a + \t\r\n  b');
    expect(statement('a + # more below\n  b\nnext\n')).toBe('a + # more below\n  b');
    // So do blank lines and comment lines between, as in Ruby.
    expect(statement('a +\n\n  # the rest:\n  b\nnext\n')).toBe('a +\n\n  # the rest:\n  b');
    // Only the line's last character counts, and only until the line ends.
    expect(statement('a + b\nnext\n')).toBe('a + b');
    expect(statement('a +\n  b\nnext +\n')).toBe('a +\n  b');
  });

  it('ends after a pattern, a bang method, a word or a string that holds an operator', () => {
    for (const end of ['/x/', 'save!', 'word', "'+'", '"a,"', "'it\\'s,'"])
      expect(statement(`a ${end}\nnext\n`), end).toBe(`a ${end}`);
  });

  it('ends a string left open with its line, and the statement there', () => {
    expect(statement("a 'open\nnext\n")).toBe("a 'open");
    expect(statement('a "open\nnext\n')).toBe('a "open');
    expect(statement("a 'open")).toBe("a 'open");
  });
});
