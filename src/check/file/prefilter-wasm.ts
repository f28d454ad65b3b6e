import { PREFILTER_AUTOMATON_WASM } from './prefilter-automaton-bytes.ts';

/**
 * A built automaton's scan loops run in WebAssembly (`prefilter-automaton.wat`). They find exactly what the
 * JavaScript loops of `prefilter.ts` find, about twice as fast: WebAssembly's loads need no bounds checks
 * or type guards, and the loop is what a scan of a large repository spends most of its time in.
 */
export interface WasmScan {
  /** True when some anchor ends in the bytes; stops at the first. */
  hits(bytes: Uint8Array): boolean;
  /** Calls `accept` with the number of each accepting state the bytes lead to, in order. */
  accepting(bytes: Uint8Array, accept: (state: number) => void): void;
}

/** The parts of the WebAssembly API used here, declared so the library's types need not include the DOM's. */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: object };
}

interface Exports {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  at: { value: number };
  run(from: number, to: number, state: number): number;
  hits(from: number, length: number, reach: number): number;
}

/** Where the transition table starts in the module's memory, after the byte classes; also the root state. */
const TABLE = 1024;
const PAGE = 64 * 1024;

/** The compiled module, once per thread; null where WebAssembly is not available (`node --jitless`). */
let compiled: object | null | undefined;

function compiledModule(api: WasmApi | undefined): object | null {
  if (compiled !== undefined) return compiled;
  try {
    compiled = api ? new api.Module(Buffer.from(PREFILTER_AUTOMATON_WASM, 'base64')) : null;
  } catch {
    compiled = null;
  }
  return compiled;
}

/**
 * The scan loops over an automaton: `classes` (each byte's class), `transitions` (one row of `width`
 * entries per state, each the target's row offset in entries, negated when the target accepts) and
 * `reach` (the longest anchor's length in bytes, less one). Undefined where WebAssembly cannot run, so the
 * caller keeps its own loops.
 */
export function wasmScan(classes: Uint8Array, transitions: Int32Array, width: number, reach: number): WasmScan | undefined {
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  const module = compiledModule(api);
  if (!api || !module) return undefined;
  const exports = new api.Instance(module).exports as Exports;
  const { memory } = exports;
  const files = TABLE + transitions.length * 4;
  const rowBytes = width * 4;
  let capacity = -1;
  let bytesView = new Uint8Array(0);
  /** Makes room for the table and `length` bytes after it; the memory's views are new after it grows. */
  const room = (length: number) => {
    if (length <= capacity) return;
    const wanted = Math.ceil((files + length) / PAGE);
    const pages = memory.buffer.byteLength / PAGE;
    if (wanted > pages) memory.grow(wanted - pages);
    capacity = memory.buffer.byteLength - files;
    bytesView = new Uint8Array(memory.buffer, files);
  };
  room(0);
  const words = new Int32Array(memory.buffer);
  for (let byte = 0; byte < 256; byte++) words[byte] = (classes[byte] as number) * 4;
  transitions.forEach((entry, index) => {
    // Row offsets in entries become byte addresses of rows; an accepting target stays negative.
    words[TABLE / 4 + index] = entry < 0 ? -(TABLE + -entry * 4) : TABLE + entry * 4;
  });
  /** Copies the bytes in after the table. */
  const load = (bytes: Uint8Array) => {
    room(bytes.length);
    bytesView.set(bytes);
  };
  return {
    hits(bytes) {
      load(bytes);
      return exports.hits(files, bytes.length, reach) === 1;
    },
    accepting(bytes, accept) {
      load(bytes);
      const end = files + bytes.length;
      let from = files;
      let state = TABLE;
      for (;;) {
        state = exports.run(from, end, state);
        if (state >= 0) return;
        state = -state;
        accept((state - TABLE) / rowBytes);
        from = exports.at.value + 1;
      }
    },
  };
}
