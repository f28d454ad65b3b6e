/**
 * Reads one file of the platform's deprecation data: a YAML list of items, each a mapping of fields
 * (`- title: …`). Values are kept with the line of their key and, for scalars, the text as written, so a
 * milestone typed `16.10` without quotes is read as 16.10 and not as the number 16.1. A file that is not
 * valid YAML, or not a list, gives one problem with its line: nothing in it is read.
 */
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';

/** One field of an item. */
export interface RawField {
  /** The value as YAML reads it (plain data). */
  value: unknown;
  /** A scalar's text as written, when YAML read it as a number or other non-string. */
  written?: string;
  /** The line of the field's key. */
  line: number;
}

/** One item of the file's list, with its fields by name in the order written. */
export interface RawItem {
  /** The item's place in the list, from 0. */
  index: number;
  /** The line the item starts on. */
  line: number;
  /** The fields, or undefined when the item is not a mapping. */
  fields?: Map<string, RawField>;
}

/** The file's items, or the one problem that stopped it being read. */
export type PlatformFile = { ok: true; items: RawItem[] } | { ok: false; line: number; message: string };

function plainValue(node: unknown): unknown {
  if (node === null || node === undefined) return null;
  if (isScalar(node)) return node.value;
  return (node as Node).toJSON();
}

/** Parses a data file's text into its items. */
export function readPlatformFile(text: string): PlatformFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const lineAt = (offset: number) => lineCounter.linePos(offset).line;
  const [error] = doc.errors;
  if (error) {
    // An unclosed quote is noticed where the file ends; the line to fix is where the quote opened.
    const quote = error.code === 'MISSING_CHAR' ? /closing (["'])quote/.exec(error.message)?.[1] : undefined;
    const offset = quote ? Math.max(0, text.lastIndexOf(quote, error.pos[0] - 1)) : error.pos[0];
    return { ok: false, line: lineAt(offset), message: `YAML syntax: ${error.message.split('\n')[0]}` };
  }
  const root = doc.contents;
  if (root === null || (isScalar(root) && root.value === null)) return { ok: true, items: [] };
  if (!isSeq(root)) {
    return { ok: false, line: lineAt(root.range?.[0] ?? 0), message: 'expected a list of items, each starting "- title:"' };
  }
  const items = root.items.map((node, index): RawItem => {
    const line = lineAt((node as Node | null)?.range?.[0] ?? root.range?.[0] ?? 0);
    if (!isMap(node)) return { index, line };
    const fields = new Map<string, RawField>();
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(plainValue(pair.key));
      const value = plainValue(pair.value);
      const scalar = isScalar(pair.value) ? pair.value : undefined;
      const written = scalar && typeof scalar.value !== 'string' && typeof scalar.source === 'string' ? scalar.source : undefined;
      const keyOffset = (pair.key as Node | null)?.range?.[0] ?? node.range?.[0] ?? 0;
      fields.set(key, { value, line: lineAt(keyOffset), ...(written !== undefined ? { written } : {}) });
    }
    return { index, line, fields };
  });
  return { ok: true, items };
}
