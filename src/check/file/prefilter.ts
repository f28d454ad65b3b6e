/** One pass over a file's bytes that says which rule anchors it contains. */
export interface Prefilter {
  /** True when at least one anchor occurs: the quick test every file gets. Stops at the first hit. */
  hits(bytes: Uint8Array): boolean;
  /** Every anchor that occurs in the bytes, overlapping ones included. */
  anchorsIn(bytes: Uint8Array): Set<string>;
  /** Number of automaton states (building the automaton if it is not built yet), for benchmarks. */
  readonly states: number;
  /** The automaton as plain data (built now if needed), so worker threads can reuse it instead of rebuilding it. */
  table(): PrefilterTable;
}

/** A built automaton: plain data that structured clone copies to a worker thread. */
export interface PrefilterTable {
  /** The anchors, deduplicated and sorted; outputs refer to them by index. */
  anchors: string[];
  /** 256 transitions per state; an accepting target is stored negated. */
  transitions: Int32Array;
  /** The anchors (by index) each state accepts. */
  outputs: number[][];
}

const encoder = new TextEncoder();

/**
 * Bytes searched anchor by anchor before the automaton is built. Building it for a full rule set costs
 * about as much as searching a few hundred kilobytes with `indexOf` per anchor, so a small repository is
 * checked without ever building it, and a large one pays the build once.
 */
const LAZY_BYTES = 256 * 1024;

/**
 * A prefilter over the anchors. It starts by searching each anchor's UTF-8 bytes with `indexOf` (native,
 * no set-up) and switches to the automaton once it has searched `LAZY_BYTES`, or at once when given a
 * table built elsewhere. Both ways find exactly the same anchors.
 */
export function createPrefilter(anchors: Iterable<string>, prebuilt?: PrefilterTable): Prefilter {
  const list = prebuilt?.anchors ?? [...new Set(anchors)].filter((anchor) => anchor.length > 0).sort();
  const encoded = list.map((anchor) => Buffer.from(anchor, 'utf8'));
  let automaton: Automaton | undefined = prebuilt ? fromTable(prebuilt) : undefined;
  let built: PrefilterTable | undefined = prebuilt;
  let searched = 0;
  const ready = (bytes: Uint8Array): Automaton | undefined => {
    if (automaton) return automaton;
    searched += bytes.length;
    if (searched <= LAZY_BYTES) return undefined;
    built = buildTable(list);
    automaton = fromTable(built);
    return automaton;
  };
  const view = (bytes: Uint8Array) =>
    Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    get states() {
      return this.table().outputs.length;
    },
    table() {
      if (!built) {
        built = buildTable(list);
        automaton = fromTable(built);
      }
      return built;
    },
    hits(bytes) {
      const scan = ready(bytes);
      if (scan) return scan.hits(bytes);
      const buffer = view(bytes);
      return encoded.some((anchor) => buffer.includes(anchor));
    },
    anchorsIn(bytes) {
      const scan = ready(bytes);
      if (scan) return scan.anchorsIn(bytes);
      const buffer = view(bytes);
      return new Set(list.filter((_, index) => buffer.includes(encoded[index] as Buffer)));
    },
  };
}

interface Automaton {
  hits(bytes: Uint8Array): boolean;
  anchorsIn(bytes: Uint8Array): Set<string>;
}

/**
 * Builds an Aho–Corasick automaton over the anchors' UTF-8 bytes and flattens it into a full transition
 * table (256 entries per state), so the scan is one table lookup per byte with no backtracking and no
 * decoding: UTF-8 is self-synchronising, so a byte match is a character match. With no anchors nothing
 * ever hits.
 */
export function buildTable(list: readonly string[]): PrefilterTable {
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

  return { anchors: [...list], transitions: table, outputs };
}

/** The scan loops over a built table. */
function fromTable({ anchors: list, transitions: table, outputs }: PrefilterTable): Automaton {
  return {
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
