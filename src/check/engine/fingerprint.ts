/**
 * `node:crypto` costs a few milliseconds to load, which a check without findings never needs, so it is
 * loaded on the first fingerprint rather than at start-up. The hash stays SHA-256: baselines store it.
 */
let crypto: typeof import('node:crypto') | undefined;

/** Collapses whitespace so reformatting a line does not change a fingerprint. */
export function normaliseMatch(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A fingerprint that survives lines moving: the rule id, the file, the normalised matched text and
 * which occurrence of that text in the file it is (0 for the first).
 */
export function fingerprintOf(ruleId: string, file: string, match: string, occurrence: number): string {
  crypto ??= process.getBuiltinModule('node:crypto');
  return crypto
    .createHash('sha256')
    .update(`${ruleId}\0${file}\0${normaliseMatch(match)}\0${occurrence}`)
    .digest('hex')
    .slice(0, 32);
}
