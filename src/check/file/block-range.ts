/**
 * Where a quoted string that opens at `open` ends: the index of its closing quote, or of the line end (or the
 * text's end) when it has none there; a backslash escapes the character after it.
 */
function stringEnd(text: string, open: number): number {
  const quote = text[open];
  let at = open + 1;
  while (at < text.length && text[at] !== quote && text[at] !== '\n') at += text[at] === '\\' ? 2 : 1;
  return Math.min(at, text.length);
}

/** Whether a comment starts at `at`: `#`, or `//` (HCL). */
const commentAt = (text: string, at: number) => text[at] === '#' || text.startsWith('//', at);

/** The index of the line end at or after `at`, or the text's end. */
function lineEnd(text: string, at: number): number {
  const end = text.indexOf('\n', at);
  return end === -1 ? text.length : end;
}

/**
 * The end of a bracketed block that opens at `open` (the index of its `{`, `[` or `(`): the index just
 * after its matching closer, or the text's end when it never closes. Quoted strings and `#`, `//` line
 * comments are skipped, so a brace in a string or a comment does not count; HCL and Ruby read alike here.
 */
export function blockEnd(text: string, open: number): number {
  const closers: Record<string, string> = { '{': '}', '[': ']', '(': ')' };
  const stack: string[] = [];
  for (let at = open; at < text.length; at++) {
    const char = text[at] as string;
    if (char === '"' || char === "'") at = stringEnd(text, at);
    else if (commentAt(text, at)) at = lineEnd(text, at);
    else if (char in closers) stack.push(closers[char] as string);
    else if (char === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return at + 1;
    }
  }
  return text.length;
}

/**
 * The last character of a line that carries a Ruby statement on to the next: a binary operator, the `?` and
 * `:` of a condition, a comma, a dot, a backslash. (A `/` or `!` may end a statement: a pattern, `save!`.)
 */
const CARRIES_ON = /[-+*=<>?:,.&|\\]/;

/**
 * The end of the Ruby statement that goes on at `from`: the first line end outside brackets, strings and
 * comments whose line does not end in a character that carries the statement on (see {@link CARRIES_ON}).
 * The index of that line end, or the text's end.
 */
export function statementEnd(text: string, from: number): number {
  let depth = 0;
  let carries = false;
  for (let at = from; at < text.length; at++) {
    const char = text[at] as string;
    // Blank lines and comments between keep what the last line carried on, as in Ruby.
    if (char === '\n') {
      if (depth === 0 && !carries) return at;
    } else if (char === '"' || char === "'") {
      // A string left open ends with its line, whose end is read next.
      at = stringEnd(text, at);
      if (text[at] === '\n') at--;
      carries = false;
    } else if (char === '#') at = lineEnd(text, at) - 1;
    else if (char !== ' ' && char !== '\t' && char !== '\r') {
      if (char === '(' || char === '[' || char === '{') depth++;
      else if (char === ')' || char === ']' || char === '}') depth = Math.max(0, depth - 1);
      carries = CARRIES_ON.test(char);
    }
  }
  return text.length;
}
