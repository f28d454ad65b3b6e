import { closeSync, openSync, writeSync } from 'node:fs';

/** Bytes gathered before one write. */
const BUFFER_BYTES = 1 << 20;

/**
 * A file written in large writes: text is encoded straight into a buffer, which is written when full.
 * Cheaper than gathering a long string, which is flattened and encoded again at each write. The buffer may
 * be shared by files written one after another.
 */
export class BufferedFile {
  readonly #fd: number;
  readonly #buffer: Buffer;
  #used = 0;

  constructor(file: string, buffer: Buffer = Buffer.allocUnsafe(BUFFER_BYTES)) {
    this.#fd = openSync(file, 'w');
    this.#buffer = buffer;
  }

  /** Appends text (UTF-8). */
  write(text: string): void {
    // Each UTF-16 unit takes at most three bytes.
    if (this.#used + text.length * 3 > this.#buffer.length) {
      this.#flush();
      if (text.length * 3 > this.#buffer.length) {
        writeSync(this.#fd, text);
        return;
      }
    }
    this.#used += this.#buffer.write(text, this.#used, 'utf8');
  }

  /** Writes what is left and closes the file. */
  close(): void {
    try {
      this.#flush();
    } finally {
      closeSync(this.#fd);
    }
  }

  #flush(): void {
    let done = 0;
    while (done < this.#used) done += writeSync(this.#fd, this.#buffer, done, this.#used - done);
    this.#used = 0;
  }
}

/** A buffer for {@link writeParts}, one per thread. */
export const partsBuffer = (): Buffer => Buffer.allocUnsafe(BUFFER_BYTES);

/** Writes a file from parts, in large writes through `buffer`. */
export function writeParts(file: string, parts: Iterable<string>, buffer: Buffer): void {
  const out = new BufferedFile(file, buffer);
  try {
    for (const part of parts) out.write(part);
  } finally {
    out.close();
  }
}
