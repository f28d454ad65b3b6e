/** One pass over a file's bytes that says which rule anchors it contains. */
export interface Prefilter {
  /** True when at least one anchor occurs: the quick test every file gets. Stops at the first hit. */
  hits(bytes: Uint8Array): boolean;
  /** Every anchor that occurs in the bytes, overlapping ones included. */
  anchorsIn(bytes: Uint8Array): Set<string>;
  /** Number of automaton states, for `--verbose` and benchmarks. */
  readonly states: number;
}

const encoder = new TextEncoder();

/**
 * Builds an Aho–Corasick automaton over the anchors' UTF-8 bytes and flattens it into a full transition
 * table (256 entries per state), so the scan is one table lookup per byte with no backtracking and no
 * decoding: UTF-8 is self-synchronising, so a byte match is a character match. With no anchors nothing
 * ever hits.
 */
export function createPrefilter(anchors: Iterable<string>): Prefilter {
  const list = [...new Set(anchors)].filter((anchor) => anchor.length > 0).sort();
  const children: Map<number, number>[] = [new Map()];
  const outputs: number[][] = [[]];
  list.forEach((anchor, index) => {
    let state = 0;
    for (const byte of encoder.encode(anchor)) {
      let next = children[state]?.get(byte);
      if (next === undefined) {
        next = children.length;
        children.push(new Map());
        outputs.push([]);
        children[state]?.set(byte, next);
      }
      state = next;
    }
    outputs[state]?.push(index);
  });

  const states = children.length;
  const table = new Int32Array(states * 256);
  const fail = new Int32Array(states);
  const queue: number[] = [];
  for (const [byte, next] of children[0] as Map<number, number>) {
    table[byte] = next;
    queue.push(next);
  }
  // Breadth first, so a state's failure target is complete before the state is.
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head] as number;
    const failOutputs = outputs[fail[state] as number] as number[];
    if (failOutputs.length > 0) outputs[state] = [...(outputs[state] as number[]), ...failOutputs];
    const row = state * 256;
    const failRow = (fail[state] as number) * 256;
    const own = children[state] as Map<number, number>;
    for (let byte = 0; byte < 256; byte++) {
      const next = own.get(byte);
      if (next === undefined) table[row + byte] = table[failRow + byte] as number;
      else {
        table[row + byte] = next;
        fail[next] = table[failRow + byte] as number;
        queue.push(next);
      }
    }
  }
  // Accepting states are stored negated in the table (state 0 never accepts), so the scan loop tests the
  // value it just loaded instead of reading a second array on every byte.
  for (let at = 0; at < table.length; at++) {
    const next = table[at] as number;
    if ((outputs[next] as number[]).length > 0) table[at] = -next;
  }

  return {
    states,
    hits(bytes) {
      let state = 0;
      for (let i = 0; i < bytes.length; i++) {
        state = table[(state << 8) | (bytes[i] as number)] as number;
        if (state < 0) return true;
      }
      return false;
    },
    anchorsIn(bytes) {
      const found = new Set<string>();
      let state = 0;
      for (let i = 0; i < bytes.length; i++) {
        state = table[(state << 8) | (bytes[i] as number)] as number;
        if (state < 0) {
          state = -state;
          for (const index of outputs[state] as number[]) found.add(list[index] as string);
        }
      }
      return found;
    },
  };
}
