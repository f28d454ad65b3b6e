/**
 * Where the findings of every report read wait for the pages: scratch files (one per reading thread) of
 * encoded finding blocks (finding-block.ts), read back by position. A readiness run over an instance's
 * projects reads millions of findings; held in memory as objects they would take gigabytes, encoded and
 * written here they take a few bytes each, and a read from the page cache per counted project.
 */
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { decodeBlock, type FindingBlock, type TextTables } from './finding-block.ts';

/** Where one report's findings are: which spool file, and where in it. */
export interface SpoolPlace {
  spool: number;
  offset: number;
  length: number;
}

/** Bytes gathered before one write: few system calls, little memory. */
const FLUSH_AT = 1 << 20;

/** Appends blocks to one spool file (one per reading thread, so threads never share a file). */
export class SpoolWriter {
  readonly #spool: number;
  readonly #fd: number;
  #size = 0;
  #pending: Uint8Array[] = [];
  #pendingBytes = 0;

  constructor(file: string, spool: number) {
    this.#spool = spool;
    this.#fd = openSync(file, 'w');
  }

  /** Adds a report's encoded findings; where they are, to read them back. */
  append(bytes: Uint8Array): SpoolPlace {
    const place = { spool: this.#spool, offset: this.#size, length: bytes.length };
    this.#size += bytes.length;
    this.#pending.push(bytes);
    this.#pendingBytes += bytes.length;
    if (this.#pendingBytes >= FLUSH_AT) this.#flush();
    return place;
  }

  /** Writes what is pending and closes the file. */
  close(): void {
    this.#flush();
    closeSync(this.#fd);
  }

  #flush(): void {
    if (this.#pendingBytes === 0) return;
    const chunk = Buffer.concat(this.#pending, this.#pendingBytes);
    let done = 0;
    while (done < chunk.length) done += writeSync(this.#fd, chunk, done, chunk.length - done);
    this.#pending = [];
    this.#pendingBytes = 0;
  }
}

/**
 * Reads blocks back from the spool files of a run, each decoded with the texts of the thread that wrote
 * that file, and removes them when done.
 */
export class SpoolReader {
  readonly #files: readonly string[];
  readonly #tables: readonly Readonly<TextTables>[];
  readonly #fds: number[];

  constructor(files: readonly string[], tables: readonly Readonly<TextTables>[]) {
    this.#files = files;
    this.#tables = tables;
    this.#fds = files.map((file) => openSync(file, 'r'));
  }

  /** The findings spooled at `place`. */
  read(place: SpoolPlace): FindingBlock {
    const bytes = new Uint8Array(place.length);
    const fd = this.#fds[place.spool] as number;
    let done = 0;
    while (done < place.length) {
      const read = readSync(fd, bytes, done, place.length - done, place.offset + done);
      if (read === 0) throw new Error(`the findings spool ${this.#files[place.spool]} ends early`);
      done += read;
    }
    return decodeBlock(bytes, this.#tables[place.spool] as TextTables);
  }

  /** The spool files and their texts, for another thread to read with a reader of its own. */
  get files(): readonly string[] {
    return this.#files;
  }

  /** The texts of each spool file's thread. */
  get tables(): readonly Readonly<TextTables>[] {
    return this.#tables;
  }

  /** Closes the files (another reader may still use them). */
  close(): void {
    for (const fd of this.#fds.splice(0)) closeSync(fd);
  }

  /** Closes and removes the spool files. */
  dispose(): void {
    this.close();
    for (const file of this.#files) rmSync(file, { force: true });
  }
}
