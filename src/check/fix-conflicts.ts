import { isMap, isPair, isScalar, isSeq, type Pair } from 'yaml';
import type { AnalyzedFile } from './file/analyzed-file.ts';

/** Where a rename's new name is already set beside the old one: the 1-based line of the existing one. */
export interface TargetSet {
  line: number;
}

/** The pair of a YAML map whose key starts at an offset, with the map that holds it. */
function pairAt(root: unknown, offset: number): { map: { items: Pair[] }; pair: Pair } | undefined {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isSeq(node)) stack.push(...node.items);
    if (!isMap(node)) continue;
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const range = isScalar(pair.key) ? pair.key.range : undefined;
      if (range && offset >= range[0] && offset < range[1]) return { map: node as { items: Pair[] }, pair };
      stack.push(pair.value);
    }
  }
  return undefined;
}

/** The offset of the `{` that opens the block holding `offset`, and of the `}` that closes it, by counting braces. */
function enclosingBraces(text: string, offset: number): [number, number] | undefined {
  let depth = 0;
  let open = -1;
  for (let at = offset - 1; at >= 0; at--) {
    if (text[at] === '}') depth++;
    else if (text[at] === '{') {
      if (depth === 0) {
        open = at;
        break;
      }
      depth--;
    }
  }
  if (open === -1) return undefined;
  depth = 0;
  for (let at = open + 1; at < text.length; at++) {
    if (text[at] === '{') depth++;
    else if (text[at] === '}') {
      if (depth === 0) return [open, at];
      depth--;
    }
  }
  return undefined;
}

/**
 * Whether renaming the key at `offset` to `to` would set a key that is already there: in a YAML map (a
 * half-done migration with `CS_IMAGE` beside `DOCKER_IMAGE`, which would become a repeated key) or in the
 * block of an HCL file (a repeated attribute). Undefined when the new name is free.
 */
export function targetAlreadySet(file: AnalyzedFile, offset: number, to: string): TargetSet | undefined {
  const line = (at: number) => file.source.position(at).line;
  if (file.kind === 'yaml' || file.kind === 'ci-yaml') {
    for (const document of file.yaml() ?? []) {
      const found = pairAt(document.contents, offset);
      if (!found) continue;
      const existing = found.map.items.find((pair) => pair !== found.pair && isScalar(pair.key) && String(pair.key.value) === to);
      const at = existing && isScalar(existing.key) ? existing.key.range?.[0] : undefined;
      return at === undefined ? undefined : { line: line(at) };
    }
    return undefined;
  }
  if (file.statements.language !== 'hcl') return undefined;
  const block = enclosingBraces(file.source.text, offset);
  if (!block) return undefined;
  const body = file.source.text.slice(block[0] + 1, block[1]);
  const attribute = new RegExp(String.raw`(?<![\w.])${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\s*=(?!=)`).exec(body);
  return attribute ? { line: line(block[0] + 1 + attribute.index) } : undefined;
}
