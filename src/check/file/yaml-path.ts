import { isAlias, isMap, isPair, isScalar, isSeq, type Node } from 'yaml';

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

/**
 * Aliases followed at most per lookup: a file of aliases of aliases (each list naming the one before several times)
 * would otherwise be walked in exponential time; past it the rest of the lookup reads the file as written.
 */
export const MAX_ALIAS_STEPS = 1000;

/** The anchored nodes below a root, by anchor name, in the order they are written. */
const anchorTables = new WeakMap<object, Map<string, Node[]>>();

function anchorTable(root: unknown): Map<string, Node[]> {
  const table = new Map<string, Node[]>();
  const visit = (node: unknown) => {
    if (node === null || typeof node !== 'object' || isAlias(node)) return;
    const anchor = (node as { anchor?: string }).anchor;
    if (anchor) {
      const given = table.get(anchor);
      if (given) given.push(node as Node);
      else table.set(anchor, [node as Node]);
    }
    if (isMap(node))
      for (const pair of node.items) {
        visit(pair.key);
        visit(pair.value);
      }
    if (isSeq(node)) for (const item of node.items) visit(item);
  };
  visit(root);
  return table;
}

/** What a lookup shares: the document's anchors, and the alias steps left. */
interface Lookup {
  root: unknown;
  aliasesLeft: number;
}

/**
 * The node an alias stands for: the last node given its anchor before the alias (YAML lets an anchor be given
 * again, and an alias names the one written before it). Any other node is itself; an alias past the lookup's
 * budget, or naming no anchor, is itself too.
 */
function resolve(node: unknown, lookup: Lookup): unknown {
  if (!isAlias(node) || lookup.aliasesLeft <= 0) return node;
  lookup.aliasesLeft--;
  let table = anchorTables.get(lookup.root as object);
  if (!table) {
    table = anchorTable(lookup.root);
    anchorTables.set(lookup.root as object, table);
  }
  const at = offsetOf(node) ?? Number.POSITIVE_INFINITY;
  // The nodes given an anchor are listed in the order they are written: the last one before the alias, by halves.
  const given = table.get(node.source) ?? [];
  let low = 0;
  let high = given.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((offsetOf(given[middle]) ?? 0) < at) low = middle + 1;
    else high = middle;
  }
  return given[low - 1] ?? node;
}

/**
 * Whether a `<<` key's value merges maps in (YAML 1.1 merge keys, which the platform's CI configuration and Helm
 * both read): an alias or a map, or a list of them.
 */
const isMergeValue = (value: unknown) =>
  isAlias(value) ||
  isMap(value) ||
  (isSeq(value) && value.items.length > 0 && value.items.every((item) => isAlias(item) || isMap(item)));

/** A pair of a map as a lookup reads it: its key as text (undefined for a key that is not a scalar). */
type KeyedPair = { key: string | undefined; pair: { key: unknown; value: unknown } };

/**
 * The pairs of a map as CI configuration and charts read it: its own, then those merged in with
 * `<<: *anchor` (or `<<: [*a, *b]`, the first naming a key winning) that it does not set itself.
 */
function pairsOf(node: unknown, lookup: Lookup): KeyedPair[] {
  if (!isMap(node)) return [];
  const own: KeyedPair[] = [];
  const merges: unknown[] = [];
  for (const pair of node.items) {
    if (!isPair(pair)) continue;
    // A key that is not a scalar (`? [a, b]`) matches no key of a path, but any key and any depth go below it.
    const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
    if (key === '<<' && isMergeValue(pair.value)) merges.push(pair.value);
    else own.push({ key, pair });
  }
  if (merges.length === 0) return own;
  const seen = new Set(own.map((entry) => entry.key));
  for (const merge of merges) {
    for (const source of isSeq(merge) ? merge.items : [merge]) {
      for (const entry of pairsOf(resolve(source, lookup), lookup)) {
        if (seen.has(entry.key)) continue;
        seen.add(entry.key);
        own.push(entry);
      }
    }
  }
  return own;
}

function walk(node: unknown, steps: readonly PathStep[], at: number, offset: number, out: PathHit[], lookup: Lookup): void {
  node = resolve(node, lookup);
  if (at === steps.length) {
    out.push({ node: node as Node | null, offset });
    return;
  }
  const step = steps[at] as PathStep;
  if ('anyDepth' in step) {
    walk(node, steps, at + 1, offset, out, lookup);
    if (isMap(node))
      for (const { pair } of pairsOf(node, lookup)) walk(pair.value, steps, at, offsetOf(pair.key) ?? offset, out, lookup);
    if (isSeq(node)) for (const item of node.items) walk(item, steps, at, offsetOf(item) ?? offset, out, lookup);
    return;
  }
  if ('anyItem' in step) {
    if (isSeq(node)) for (const item of node.items) walk(item, steps, at + 1, offsetOf(item) ?? offset, out, lookup);
    return;
  }
  if (!isMap(node)) return;
  for (const { key, pair } of pairsOf(node, lookup)) {
    if ('key' in step && key !== step.key) continue;
    walk(pair.value, steps, at + 1, offsetOf(pair.key) ?? offset, out, lookup);
  }
}

/** Every node at a key path below a YAML node (pass `document.contents` for a whole document). */
export function nodesAt(root: unknown, steps: readonly PathStep[]): PathHit[] {
  const out: PathHit[] = [];
  walk(root, steps, 0, offsetOf(root) ?? 0, out, { root, aliasesLeft: MAX_ALIAS_STEPS });
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

/**
 * The entries of a map node as CI configuration and charts read it: its own, then those merged in with a merge key
 * (see `pairsOf`), aliases resolved among the anchors below `root`.
 */
export function mergedEntries(node: unknown, root: unknown): MapEntry[] {
  const lookup: Lookup = { root, aliasesLeft: MAX_ALIAS_STEPS };
  return pairsOf(resolve(node, lookup), lookup).flatMap(({ key, pair }) =>
    key === undefined ? [] : [{ key, node: resolve(pair.value, lookup) as Node | null, offset: offsetOf(pair.key) ?? 0 }],
  );
}

/** The string values of a scalar or a list of scalars (`extends: .a` or `extends: [.a, .b]`). */
export function scalarValues(node: unknown): string[] {
  if (isScalar(node)) return [String(node.value)];
  if (isSeq(node)) return node.items.filter(isScalar).map((item) => String(item.value));
  return [];
}
