/** One pass over a file's text that says which rule anchors it contains. */
export interface Prefilter {
  /** True when at least one anchor occurs: the quick test every file gets. */
  hits(text: string): boolean;
  /** Every anchor that occurs in the text (also anchors that overlap or contain one another). */
  anchorsIn(text: string): Set<string>;
  /** True when no anchor is non-ASCII, so bytes can be tested as Latin-1 without decoding UTF-8. */
  readonly asciiOnly: boolean;
}

interface TrieNode {
  end: boolean;
  children: Map<string, TrieNode>;
}

function escapeChar(char: string): string {
  return /[.*+?^${}()|[\]\\/-]/.test(char) ? `\\${char}` : char;
}

/**
 * The anchors as one regular expression shaped like a trie (`CI_(?:JOB_JWT(?:_V2)?|PRE_CLONE_SCRIPT)`):
 * shared prefixes are read once, and at any position the longest anchor starting there wins.
 */
export function trieSource(anchors: readonly string[]): string {
  const root: TrieNode = { end: false, children: new Map() };
  for (const anchor of anchors) {
    let node = root;
    for (const char of anchor) {
      let next = node.children.get(char);
      if (!next) {
        next = { end: false, children: new Map() };
        node.children.set(char, next);
      }
      node = next;
    }
    node.end = true;
  }
  const emit = (node: TrieNode): string => {
    const branches = [...node.children].map(([char, child]) => escapeChar(char) + emit(child));
    if (branches.length === 0) return '';
    const body = branches.length === 1 ? (branches[0] as string) : `(?:${branches.join('|')})`;
    if (!node.end) return body;
    return branches.length === 1 && [...node.children.values()][0]?.children.size === 0 && body.length === 1
      ? `${body}?`
      : `(?:${body})?`;
  };
  return emit(root);
}

/** Builds the prefilter for a set of anchors; with no anchors nothing ever hits. */
export function createPrefilter(anchors: Iterable<string>): Prefilter {
  const list = [...new Set(anchors)].filter((anchor) => anchor.length > 0).sort();
  const source = list.length > 0 ? trieSource(list) : '(?!)';
  const quick = new RegExp(source);
  const all = new RegExp(source, 'g');
  const contained = new Map<string, string[]>();
  const within = (found: string) => {
    let anchors = contained.get(found);
    if (!anchors) {
      anchors = list.filter((anchor) => found.includes(anchor));
      contained.set(found, anchors);
    }
    return anchors;
  };
  return {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is exactly the range tested.
    asciiOnly: list.every((anchor) => /^[\x00-\x7f]*$/.test(anchor)),
    hits: (text) => quick.test(text),
    anchorsIn(text) {
      const found = new Set<string>();
      all.lastIndex = 0;
      for (let match = all.exec(text); match; match = all.exec(text)) {
        for (const anchor of within(match[0])) found.add(anchor);
        // Step one character, not the match length, so an anchor starting inside this match is seen too.
        all.lastIndex = match.index + 1;
      }
      return found;
    },
  };
}
