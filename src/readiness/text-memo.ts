/**
 * Each text of a reading thread's table (finding-block.ts) converted once, on first use: escaped for HTML,
 * quoted for CSV. A run's millions of findings share a few thousand texts, so converting them per finding
 * would repeat the same work thousands of times.
 */
export class TextMemo {
  readonly #convert: (text: string) => string;
  readonly #done = new WeakMap<readonly string[], (string | undefined)[]>();

  constructor(convert: (text: string) => string) {
    this.#convert = convert;
  }

  /** The converter for one table: its text `index`, converted. */
  of(table: readonly string[]): (index: number) => string {
    const converted = this.#done.get(table) ?? [];
    this.#done.set(table, converted);
    return (index) => {
      let text = converted[index];
      if (text === undefined) {
        text = this.#convert(table[index] as string);
        converted[index] = text;
      }
      return text;
    };
  }
}
