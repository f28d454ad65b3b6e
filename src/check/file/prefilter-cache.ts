import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { buildTable, type PrefilterTable } from './prefilter.ts';

/**
 * The layout of what `buildTable` builds. Raise it whenever `buildTable` would build another table for the same
 * anchors (the test of this module fails until it is raised): tables kept by an older version are then not read.
 */
export const TABLE_FORMAT = 1;

/** Tables kept at most; past it the least recently written go. */
export const KEPT_TABLES = 8;

const PREFIX = 'sunset-prefilter-';
/** The checksum before the table: SHA-256 of the serialized table. */
const SUM_BYTES = 32;

/** The anchors as the automaton takes them: each once, none empty, sorted. */
export const anchorList = (anchors: Iterable<string>): string[] =>
  [...new Set(anchors)].filter((anchor) => anchor.length > 0).sort();

const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** Whether a deserialized value is a table of exactly these anchors. */
function isTableOf(value: unknown, list: readonly string[]): value is PrefilterTable {
  const table = value as Partial<PrefilterTable> | null;
  return (
    typeof table === 'object' &&
    table !== null &&
    Array.isArray(table.anchors) &&
    table.anchors.length === list.length &&
    table.anchors.every((anchor, index) => anchor === list[index]) &&
    table.classes instanceof Uint8Array &&
    table.classes.length === 256 &&
    table.transitions instanceof Int32Array &&
    Array.isArray(table.outputs) &&
    table.outputs.length > 0 &&
    table.transitions.length % table.outputs.length === 0
  );
}

/** Keeps the newest {@link KEPT_TABLES} tables in `dir` and removes the rest; what cannot be removed stays. */
function prune(dir: string): void {
  const kept = readdirSync(dir)
    .filter((name) => name.startsWith(PREFIX) && name.endsWith('.bin'))
    .flatMap((name) => {
      try {
        return [{ name, written: statSync(path.join(dir, name)).mtimeMs }];
      } catch {
        return [];
      }
    })
    .sort((a, b) => b.written - a.written);
  for (const { name } of kept.slice(KEPT_TABLES)) rmSync(path.join(dir, name), { force: true });
}

/** The compile cache directory, unless the user turned the cache off. */
const keptIn = (): string | undefined =>
  process.env.NODE_DISABLE_COMPILE_CACHE ? undefined : process.env.NODE_COMPILE_CACHE || undefined;

/**
 * The automaton of `anchors`, read from `dir` where an earlier run kept it, else built and kept there. Building it
 * for a full rule set costs a scan tens of milliseconds before it reads a file (most of it code not yet compiled);
 * reading it back about one. `dir` is the compile cache directory `sunset` set up (`NODE_COMPILE_CACHE`: a directory
 * of the user's own, see bin/compile-cache-dir.js); without one the table is built every time. A kept table is used
 * only when its checksum holds and it is the table of exactly these anchors, so a damaged or foreign file is built
 * again, never trusted: an automaton that missed an anchor would let files through unchecked.
 */
export function cachedTable(anchors: Iterable<string>, dir = keptIn()): PrefilterTable {
  const list = anchorList(anchors);
  if (!dir) return buildTable(list);
  const key = createHash('sha256').update(list.join('\0')).digest('hex').slice(0, 32);
  const file = path.join(dir, `${PREFIX}${TABLE_FORMAT}-${key}.bin`);
  try {
    const bytes = readFileSync(file);
    const body = bytes.subarray(SUM_BYTES);
    if (digest(body).equals(bytes.subarray(0, SUM_BYTES))) {
      const table: unknown = deserialize(body);
      if (isTableOf(table, list)) return table;
    }
  } catch {
    // Not kept yet, or not readable: built below.
  }
  const table = buildTable(list);
  try {
    const body = serialize(table);
    // Written whole under another name, then renamed: a run reading meanwhile sees the old file or the new one.
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temp, Buffer.concat([digest(body), body]), { mode: 0o600 });
    renameSync(temp, file);
    prune(dir);
  } catch {
    // A cache that cannot be written only costs the next run the build.
  }
  return table;
}
