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
    if (char === '"' || char === "'") {
      for (at++; at < text.length && text[at] !== char && text[at] !== '\n'; at++) if (text[at] === '\\') at++;
      continue;
    }
    if (char === '#' || (char === '/' && text[at + 1] === '/')) {
      const lineEnd = text.indexOf('\n', at);
      if (lineEnd === -1) return text.length;
      at = lineEnd;
      continue;
    }
    if (char in closers) stack.push(closers[char] as string);
    else if (char === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return at + 1;
    }
  }
  return text.length;
}
