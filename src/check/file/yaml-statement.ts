import { type Document, isMap, isPair, isScalar, isSeq, type Node, type Scalar } from 'yaml';
import type { Range } from './markdown-code.ts';
import { segmentStatements, statementAt } from './statements.ts';

/** A node's range in the text, `[start, end)`. */
function rangeOf(node: unknown): Range | undefined {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return range ? [range[0], range[1]] : undefined;
}

const within = (range: Range | undefined, offset: number) => range !== undefined && offset >= range[0] && offset < range[1];

/** The chain of nodes from a document's root down to the deepest one holding an offset; keys lead to their pair. */
function pathTo(root: unknown, offset: number): { nodes: Node[]; inKey?: Range } {
  const nodes: Node[] = [];
  let node: unknown = root;
  let inKey: Range | undefined;
  while (node && within(rangeOf(node), offset)) {
    nodes.push(node as Node);
    let next: unknown;
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = rangeOf(pair.key);
        if (key && within(key, offset)) {
          inKey = [key[0], rangeOf(pair.value)?.[1] ?? key[1]];
          next = undefined;
          break;
        }
        if (within(rangeOf(pair.value), offset)) next = pair.value;
      }
      if (inKey) break;
    } else if (isSeq(node)) next = node.items.find((item) => within(rangeOf(item), offset));
    node = next;
  }
  return { nodes, inKey };
}

const TEMPLATE_ACTION = /\{\{[^{}]*\}\}|\$\{[^{}]*\}/g;

/** Keys whose list is one command's words: Ansible's `argv`, a container's `command` and `args`. */
const ARGUMENT_KEYS = new Set(['argv', 'command', 'args', 'arguments', 'entrypoint', 'cmd']);

/** A lone word or a lone template action (`{{ token }}`, `${TOKEN}`): an item of an argument list. */
const ARGUMENT = /^(?:\S+|\{\{[^{}]*\}\}|\$\{[^{}]*\})$/;

/** Where a scalar's own text lies: inside its quotes, or below a block scalar's header line. */
function scalarBody(text: string, scalar: Scalar, range: Range): Range {
  if (scalar.type === 'QUOTE_DOUBLE' || scalar.type === 'QUOTE_SINGLE')
    return [range[0] + 1, Math.max(range[0] + 1, range[1] - 1)];
  if (scalar.type === 'BLOCK_LITERAL' || scalar.type === 'BLOCK_FOLDED') {
    const header = text.indexOf('\n', range[0]);
    return [header === -1 ? range[1] : Math.min(header + 1, range[1]), range[1]];
  }
  return range;
}

/**
 * The statement of a YAML (or JSON) file that holds an offset:
 * - inside a scalar that holds a command (words with spaces, or a block scalar), the shell command that
 *   holds it, continuation lines and folded lines included;
 * - inside a list of lone words (an argument list, `argv:`), the whole list;
 * - inside a lone value of a map (a URL under `url:` of a task's module), the whole map, so its
 *   `method:` and `body:` are read with it; a map under `url:` itself reads its parent;
 * - a key: the key and its value.
 * Undefined when no document holds the offset.
 */
export function yamlStatement(text: string, documents: readonly Document[], offset: number): Range | undefined {
  for (const document of documents) {
    const { nodes, inKey } = pathTo(document.contents, offset);
    const node = nodes.at(-1);
    if (!node) continue;
    const parent = nodes.at(-2);
    if (inKey) return inKey;
    if (!isScalar(node)) return rangeOf(node);
    const range = rangeOf(node) as Range;
    const value = String(node.value ?? '');
    const block = node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED';
    // Words apart, not a template action's inner spaces, make a command: `{{ api }}/runners` is one word.
    if (block || /\s/.test(value.replace(TEMPLATE_ACTION, 'x').trim())) {
      const [from, to] = scalarBody(text, node, range);
      const { statements } = segmentStatements(text, { language: 'shell', from, to, fold: node.type !== 'BLOCK_LITERAL' });
      return statementAt(statements, offset) ?? range;
    }
    if (isSeq(parent)) {
      // An argument list: under a key that names one, or made of lone words only.
      const grandparent = nodes.at(-3);
      const key = isMap(grandparent) ? grandparent.items.find((pair) => pair.value === parent)?.key : undefined;
      const named = isScalar(key) && ARGUMENT_KEYS.has(String(key.value));
      const argv = named || parent.items.every((item) => isScalar(item) && ARGUMENT.test(String(item.value ?? '').trim()));
      return argv ? rangeOf(parent) : range;
    }
    if (isMap(parent)) {
      const grandparent = nodes.at(-3);
      const underUrl =
        isMap(grandparent) &&
        grandparent.items.some((pair) => pair.value === parent && isScalar(pair.key) && /^ur[il]$/i.test(String(pair.key.value)));
      return rangeOf(underUrl ? grandparent : parent);
    }
    return range;
  }
  return undefined;
}
