/** A half-open range of offsets `[start, end)`. */
export type Range = readonly [number, number];

const FENCE = /^( {0,3})(`{3,}|~{3,})/;

/**
 * The fenced code blocks of a Markdown text, as offset ranges of their contents. A fence closes at a line
 * of the same character at least as long; an unclosed fence runs to the end of the text, as CommonMark reads it.
 */
export function fencedCode(text: string): Range[] {
  const ranges: Range[] = [];
  let open: { char: string; length: number; start: number } | undefined;
  let offset = 0;
  for (const line of text.split('\n')) {
    const next = offset + line.length + 1;
    const fence = FENCE.exec(line);
    if (open) {
      const marker = fence?.[2];
      if (marker && marker[0] === open.char && marker.length >= open.length && line.slice(fence[0].length).trim() === '') {
        ranges.push([open.start, offset]);
        open = undefined;
      }
    } else if (fence) {
      const marker = fence[2] as string;
      open = { char: marker[0] as string, length: marker.length, start: Math.min(next, text.length) };
    }
    offset = next;
  }
  if (open) ranges.push([open.start, text.length]);
  return ranges;
}

/** Whether an offset lies inside one of the ranges (sorted, as {@link fencedCode} returns them). */
export function inRanges(ranges: readonly Range[], offset: number): boolean {
  return ranges.some(([start, end]) => offset >= start && offset < end);
}

/** Whether a root-relative path is Markdown, where only code blocks show uses. */
export function isMarkdown(rootPath: string): boolean {
  return /\.(md|mdx|markdown)$/i.test(rootPath);
}
