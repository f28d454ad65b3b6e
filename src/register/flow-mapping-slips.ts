import { isMap, LineCounter, parseDocument, visit } from 'yaml';
import type { ContentProblem } from './content-error.ts';

/**
 * Keys without a value inside a flow mapping. `{ name: Demo, Maintainer }` parses without complaint: the
 * text after the comma becomes a key of its own whose value is `null`, whatever its case or length. A value
 * the writer meant to be empty is written `key: null`, so a key with no `:` at all is always a slip.
 */
export function flowMappingSlips(file: string, text: string): ContentProblem[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const problems: ContentProblem[] = [];
  visit(doc, {
    Map(_, map) {
      if (!isMap(map) || !map.flow) return;
      for (const pair of map.items) {
        if (pair.value !== null) continue;
        const key = pair.key as { source?: string; value?: unknown; range?: [number, number, number] } | null;
        const { line, col } = lineCounter.linePos(key?.range?.[0] ?? 0);
        const name = String(key?.source ?? key?.value ?? '');
        problems.push({
          file,
          line,
          column: col,
          message: `"${name}" inside { … } has no value: a comma split the text before it; quote the whole text (or write "${name}: null" for an empty value)`,
        });
      }
    },
  });
  return problems;
}
