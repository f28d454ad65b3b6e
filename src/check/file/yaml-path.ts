import { isMap, isPair, isScalar, isSeq, type Node } from 'yaml';

/** One step of a key path: a key, any key (`*`), any list item (`[]`) or any depth (`**`). */
export type PathStep = { key: string } | { anyKey: true } | { anyItem: true } | { anyDepth: true };

/** Parses `*.secrets.*.vault` or `data.query.filters[].operator` into steps. */
export function parseKeyPath(path: string): PathStep[] {
  const steps: PathStep[] = [];
  for (const part of path.split('.')) {
    const match = /^(.*?)((?:\[\])*)$/.exec(part) as RegExpExecArray;
    const name = match[1] as string;
    if (name === '**') steps.push({ anyDepth: true });
    else if (name === '*') steps.push({ anyKey: true });
    else if (name !== '') steps.push({ key: name });
    for (let i = 0; i < (match[2] as string).length / 2; i++) steps.push({ anyItem: true });
  }
  return steps;
}

/** The last literal key of a path: the word every match must contain, used to prefilter files. */
export function lastKey(steps: readonly PathStep[]): string | undefined {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i] as PathStep;
    if ('key' in step) return step.key;
  }
  return undefined;
}

/** A node reached by a path, with the offset of the key that led to it (or of the item itself). */
export interface PathHit {
  node: Node | null;
  offset: number;
}

function offsetOf(node: unknown): number | undefined {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return range?.[0];
}

function walk(node: unknown, steps: readonly PathStep[], at: number, offset: number, out: PathHit[]): void {
  if (at === steps.length) {
    out.push({ node: node as Node | null, offset });
    return;
  }
  const step = steps[at] as PathStep;
  if ('anyDepth' in step) {
    walk(node, steps, at + 1, offset, out);
    if (isMap(node)) for (const pair of node.items) walk(pair.value, steps, at, offsetOf(pair.key) ?? offset, out);
    if (isSeq(node)) for (const item of node.items) walk(item, steps, at, offsetOf(item) ?? offset, out);
    return;
  }
  if ('anyItem' in step) {
    if (isSeq(node)) for (const item of node.items) walk(item, steps, at + 1, offsetOf(item) ?? offset, out);
    return;
  }
  if (!isMap(node)) return;
  for (const pair of node.items) {
    if (!isPair(pair)) continue;
    const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
    if ('key' in step && key !== step.key) continue;
    walk(pair.value, steps, at + 1, offsetOf(pair.key) ?? offset, out);
  }
}

/** Every node at a key path below a YAML node (pass `document.contents` for a whole document). */
export function nodesAt(root: unknown, steps: readonly PathStep[]): PathHit[] {
  const out: PathHit[] = [];
  walk(root, steps, 0, offsetOf(root) ?? 0, out);
  return out;
}

/**
 * Where a node holds a value: a scalar equal to it, a list containing it, or a map with it as a key.
 * Returns the offset of the matching node, or undefined.
 */
export function valueOffset(node: Node | null, value: string): number | undefined {
  if (isScalar(node)) return String(node.value) === value ? offsetOf(node) : undefined;
  if (isSeq(node)) {
    const item = node.items.find((candidate) => isScalar(candidate) && String(candidate.value) === value);
    return item ? offsetOf(item) : undefined;
  }
  if (isMap(node)) {
    const pair = node.items.find((candidate) => isScalar(candidate.key) && String(candidate.key.value) === value);
    return pair ? offsetOf(pair.key) : undefined;
  }
  return undefined;
}

/** A key of a map with its value and the key's offset. */
export interface MapEntry {
  key: string;
  node: Node | null;
  offset: number;
}

/** The entries of a map node with scalar keys, in order; empty for anything that is not a map. */
export function mapEntries(node: unknown): MapEntry[] {
  if (!isMap(node)) return [];
  const entries: MapEntry[] = [];
  for (const pair of node.items) {
    if (!isPair(pair) || !isScalar(pair.key)) continue;
    entries.push({ key: String(pair.key.value), node: pair.value as Node | null, offset: offsetOf(pair.key) ?? 0 });
  }
  return entries;
}

/** The string values of a scalar or a list of scalars (`extends: .a` or `extends: [.a, .b]`). */
export function scalarValues(node: unknown): string[] {
  if (isScalar(node)) return [String(node.value)];
  if (isSeq(node)) return node.items.filter(isScalar).map((item) => String(item.value));
  return [];
}
