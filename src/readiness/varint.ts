/**
 * Whole numbers as variable-length bytes (seven bits a byte, low first, the high bit saying more follow):
 * the small numbers readiness stores by the million (text numbers, lines, columns) take a byte or two,
 * and any number a report may hold (up to 2^53) still fits.
 */

/** A growable run of bytes that numbers are appended to. */
export class ByteSink {
  #bytes = new Uint8Array(1 << 12);
  #length = 0;

  /** Bytes written since the last {@link take}. */
  get length(): number {
    return this.#length;
  }

  /** Appends a whole number, 0 or more. */
  put(value: number): void {
    // At most eight bytes for a number up to 2^53.
    if (this.#length + 8 > this.#bytes.length) {
      const grown = new Uint8Array(this.#bytes.length * 2);
      grown.set(this.#bytes.subarray(0, this.#length));
      this.#bytes = grown;
    }
    let rest = value;
    while (rest >= 0x80) {
      this.#bytes[this.#length++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.#bytes[this.#length++] = rest;
  }

  /** A copy of the bytes appended, and a fresh start. */
  take(): Uint8Array {
    const bytes = this.#bytes.slice(0, this.#length);
    this.#length = 0;
    return bytes;
  }
}

/** Reads numbers from bytes a {@link ByteSink} wrote, from the start on. */
export class ByteSource {
  readonly #bytes: Uint8Array;
  #at = 0;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  /** Whether every byte was read. */
  get done(): boolean {
    return this.#at >= this.#bytes.length;
  }

  /** The next number. */
  next(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.#bytes[this.#at++] as number;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }
}
