/**
 * The first sentence or two of a Markdown text, flattened to one line, for the `fix` of a finding.
 * Stops after the first sentence that ends before `max` characters, or cuts at a word with an ellipsis.
 */
export function leadSentence(markdown: string, max = 240): string {
  const flat = markdown
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  // A sentence ends at . ! or ? followed by a space and a capital, a backtick or the end of the text.
  const end = /[.!?](?=\s+[A-Z`(]|$)/g;
  let cut: number | undefined;
  for (const match of flat.matchAll(end)) {
    const at = (match.index ?? 0) + 1;
    if (at > max) break;
    cut = at;
    if (at >= 60) break;
  }
  if (cut !== undefined) return flat.slice(0, cut);
  if (flat.length <= max) return flat;
  const space = flat.lastIndexOf(' ', max - 1);
  return `${flat.slice(0, space > 0 ? space : max - 1)}…`;
}
