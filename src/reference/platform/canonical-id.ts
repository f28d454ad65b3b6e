/**
 * Ids in paths are canonical decimals: `1`, never `01`, `1e0`, `0x1` or `1.0`, which `Number()` would all read
 * as 1. One spelling per resource keeps ids from aliasing (a cache, a log or a rate limit would see several).
 */
const CANONICAL = /^[1-9]\d{0,14}$/;

/** The id written in `text`, or undefined unless it is a positive integer in canonical decimal form. */
export function canonicalId(text: unknown): number | undefined {
  return typeof text === 'string' && CANONICAL.test(text) ? Number(text) : undefined;
}
