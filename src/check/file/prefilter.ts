import { wasmScan } from './prefilter-wasm.ts';

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
  /** Which loops step the automaton once it is built: WebAssembly's, or JavaScript's where that cannot run. */
  readonly loops: AutomatonLoops;
}

/** The two implementations of the automaton's scan loops, which find exactly the same anchors. */
export type AutomatonLoops = 'wasm' | 'js';

/** A built automaton: plain data that structured clone copies to a worker thread. */
export interface PrefilterTable {
  /** The anchors, deduplicated and sorted; outputs refer to them by index. */
  anchors: string[];
  /**
   * Each byte's class: a number of its own for every byte some anchor contains, 0 for all others (they
   * lead nowhere but back to the start). Rows indexed by class instead of byte keep the table small enough
   * to stay in the processor's cache.
   */
  classes: Uint8Array;
  /**
   * One row per state, one entry per class. An entry is the target state's row offset (state × row
   * length), so a step is one addition and one load; an accepting target is stored negated.
   */
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
export function createPrefilter(
  anchors: Iterable<string>,
  prebuilt?: PrefilterTable,
  options: { loops?: AutomatonLoops } = {},
): Prefilter {
  const list = prebuilt?.anchors ?? [...new Set(anchors)].filter((anchor) => anchor.length > 0).sort();
  const encoded = list.map((anchor) => Buffer.from(anchor, 'utf8'));
  const fromTable = (table: PrefilterTable) => automatonOf(table, options.loops ?? 'wasm');
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
    get loops() {
      this.table();
      return (automaton as Automaton).loops;
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
  loops: AutomatonLoops;
}

/**
 * Builds an Aho–Corasick automaton over the anchors' UTF-8 bytes and flattens it into a full transition
 * table (one entry per byte class and state), so the scan is one table lookup per byte with no backtracking
 * and no decoding: UTF-8 is self-synchronising, so a byte match is a character match. With no anchors
 * nothing ever hits.
 */
export function buildTable(list: readonly string[]): PrefilterTable {
  const encoded = list.map((anchor) => encoder.encode(anchor));
  // TextEncoder writes valid UTF-8, which uses at most 243 distinct byte values, so every class fits a byte.
  const classes = new Uint8Array(256);
  let width = 1;
  for (const bytes of encoded) for (const byte of bytes) if (classes[byte] === 0) classes[byte] = width++;

  const children: Map<number, number>[] = [new Map()];
  const outputs: number[][] = [[]];
  encoded.forEach((bytes, index) => {
    let state = 0;
    for (const byte of bytes) {
      const symbol = classes[byte] as number;
      let next = children[state]?.get(symbol);
      if (next === undefined) {
        next = children.length;
        children.push(new Map());
        outputs.push([]);
        children[state]?.set(symbol, next);
      }
      state = next;
    }
    outputs[state]?.push(index);
  });

  const states = children.length;
  const table = new Int32Array(states * width);
  const fail = new Int32Array(states);
  // Breadth first, so a state's failure target (always shallower) is complete before the state is: the
  // state's row starts as a copy of the target's row, and only its own children differ. The root's row
  // starts all zeros: every byte that begins no anchor leads back to it.
  const queue = [0];
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head] as number;
    const row = state * width;
    const failRow = (fail[state] as number) * width;
    if (state !== 0) {
      table.copyWithin(row, failRow, failRow + width);
      const failOutputs = outputs[fail[state] as number] as number[];
      if (failOutputs.length > 0) outputs[state] = [...(outputs[state] as number[]), ...failOutputs];
    }
    for (const [symbol, next] of children[state] as Map<number, number>) {
      fail[next] = state === 0 ? 0 : (table[failRow + symbol] as number);
      table[row + symbol] = next;
      queue.push(next);
    }
  }
  // Targets become row offsets, and accepting ones are negated (state 0 never accepts), so the scan loop
  // adds the class to the value it just loaded and tests its sign instead of reading a second array.
  const accepting = outputs.map((accepted) => accepted.length > 0);
  for (let at = 0; at < table.length; at++) {
    const next = table[at] as number;
    table[at] = accepting[next] ? -next * width : next * width;
  }

  return { anchors: [...list], classes, transitions: table, outputs };
}

/** Bytes below which a file is searched with one cursor: splitting it would save less than it costs. */
const SPLIT_BYTES = 512;

/** The scan loops over a built table: WebAssembly's when asked for and available, else JavaScript's. */
function automatonOf({ anchors: list, classes, transitions: table, outputs }: PrefilterTable, loops: AutomatonLoops): Automaton {
  const width = table.length / outputs.length;
  // How far a cursor reads past its quarter's end: an anchor that starts in the quarter ends in that reach.
  const reach = Math.max(0, ...list.map((anchor) => encoder.encode(anchor).length - 1));
  const wasm = loops === 'wasm' ? wasmScan(classes, table, width, reach) : undefined;
  if (wasm) {
    return {
      loops: 'wasm',
      hits: (bytes) => wasm.hits(bytes),
      anchorsIn(bytes) {
        const found = new Set<string>();
        wasm.accepting(bytes, (state) => {
          for (const index of outputs[state] as number[]) found.add(list[index] as string);
        });
        return found;
      },
    };
  }

  /** Adds the anchors an accepting state (stored negated) ends to `found`, and returns the state. */
  const accept = (state: number, found: Set<string>): number => {
    for (const index of outputs[-state / width] as number[]) found.add(list[index] as string);
    return -state;
  };

  /**
   * Runs the automaton from `state` over `bytes[from, to)`. Without `found` it stops at the first
   * accepting state; with it, it adds every anchor that ends in the range. True when an anchor ended.
   */
  const runs = (bytes: Uint8Array, state: number, from: number, to: number, found?: Set<string>): boolean => {
    let hit = false;
    for (let i = from; i < to; i++) {
      state = table[state + (classes[bytes[i] as number] as number)] as number;
      if (state < 0) {
        if (!found) return true;
        hit = true;
        state = accept(state, found);
      }
    }
    return hit;
  };

  /**
   * Each step waits for the previous step's load, so one cursor leaves the processor idle most of the time.
   * Four cursors over the file's quarters interleave four independent chains of loads; each quarter's
   * cursor runs on past its end by `reach`, so an anchor across a boundary is found by the cursor it starts in.
   */
  const search = (bytes: Uint8Array, found?: Set<string>): boolean => {
    const length = bytes.length;
    if (length < SPLIT_BYTES) return runs(bytes, 0, 0, length, found);
    const quarter = Math.ceil(length / 4);
    const second = quarter;
    const third = 2 * quarter;
    const fourth = 3 * quarter;
    // The last quarter is the shortest: all four cursors step together over its length.
    const together = length - fourth;
    let hit = false;
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    for (let i = 0; i < together; i++) {
      a = table[a + (classes[bytes[i] as number] as number)] as number;
      b = table[b + (classes[bytes[second + i] as number] as number)] as number;
      c = table[c + (classes[bytes[third + i] as number] as number)] as number;
      d = table[d + (classes[bytes[fourth + i] as number] as number)] as number;
      if ((a | b | c | d) < 0) {
        if (!found) return true;
        hit = true;
        if (a < 0) a = accept(a, found);
        if (b < 0) b = accept(b, found);
        if (c < 0) c = accept(c, found);
        if (d < 0) d = accept(d, found);
      }
    }
    const end = quarter + reach;
    if (runs(bytes, a, together, Math.min(end, length), found)) {
      if (!found) return true;
      hit = true;
    }
    if (runs(bytes, b, second + together, Math.min(second + end, length), found)) {
      if (!found) return true;
      hit = true;
    }
    return runs(bytes, c, third + together, Math.min(third + end, length), found) || hit;
  };

  return {
    loops: 'js',
    hits: (bytes) => search(bytes),
    anchorsIn(bytes) {
      const found = new Set<string>();
      search(bytes, found);
      return found;
    },
  };
}
