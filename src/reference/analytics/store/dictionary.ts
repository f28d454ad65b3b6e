/**
 * Dictionary encoding: each distinct string gets a small integer code, so columns are typed arrays and
 * filters test each distinct value once instead of once per row. Code 0 is null.
 */
export interface Dictionary {
  /** Values by code; `values[0]` is null. */
  readonly values: readonly (string | null)[];
  /** The code of a value, adding it when new. */
  encode(value: string | null): number;
  /** The code of a value, or -1 when the dictionary does not hold it. */
  codeOf(value: string): number;
  /** Rank of each code in ascending string order, nulls last; rebuilt only when the dictionary grew. */
  ranks(): Int32Array;
}

/** Creates an empty dictionary. */
export function createDictionary(): Dictionary {
  const values: (string | null)[] = [null];
  const codes = new Map<string, number>();
  let ranked: Int32Array | undefined;
  return {
    values,
    encode(value) {
      if (value === null) return 0;
      let code = codes.get(value);
      if (code === undefined) {
        code = values.length;
        values.push(value);
        codes.set(value, code);
        ranked = undefined;
      }
      return code;
    },
    codeOf: (value) => codes.get(value) ?? -1,
    ranks() {
      if (ranked?.length !== values.length) {
        const order = Array.from({ length: values.length - 1 }, (_, index) => index + 1);
        order.sort((a, b) => compareStrings(values[a] as string, values[b] as string));
        ranked = new Int32Array(values.length);
        order.forEach((code, rank) => {
          (ranked as Int32Array)[code] = rank;
        });
        ranked[0] = values.length - 1;
      }
      return ranked;
    },
  };
}

/** Plain code-unit order, the same in every host (no locale collation). */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
