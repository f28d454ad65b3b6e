/**
 * Recognises a file that Sunset itself wrote (a report of `sunset check` or a baseline), so a scan never
 * reads its own output as the repository's code: a report quotes the uses it found, and scanning it would
 * find them again, in a file nobody should change. Recognition reads only a file's first bytes: every
 * format names Sunset near its start, in a field no other tool writes that way.
 */

/** How far into a file the signature is looked for: past any format's header, far short of most files. */
const HEAD_BYTES = 4096;

/** The formats, each by a signature found in its first bytes (whitespace between tokens is free). */
const SIGNATURES: readonly { format: string; pattern: RegExp }[] = [
  { format: 'SARIF report', pattern: /"driver"\s*:\s*\{\s*"name"\s*:\s*"sunset"/ },
  { format: 'JSON report', pattern: /^\s*\{\s*"tool"\s*:\s*\{\s*"name"\s*:\s*"sunset"/ },
  { format: 'code-quality report', pattern: /^\s*\[\s*\{[^{}]*"engine_name"\s*:\s*"sunset"/ },
  { format: 'JUnit report', pattern: /<testsuites\s+name="sunset"/ },
  { format: 'baseline', pattern: /^\s*\{\s*"version"\s*:\s*1\s*,\s*"tool"\s*:\s*"sunset"/ },
];

/** The bytes that can open a report: `{`, `[` or `<`, after optional white space. */
const OPENERS = new Set([0x7b, 0x5b, 0x3c]);

/**
 * The first line of every entry `sunset import` writes: the entry describes a removed feature in the
 * feature's own words, so a repository that keeps its imported register would otherwise fail on it.
 */
const IMPORTED_ENTRY = Buffer.from('# Imported by sunset import from ');

/**
 * The kind of Sunset output a file's bytes are (`SARIF report`, `JSON report`, `code-quality report`,
 * `JUnit report`, `baseline` or `imported register entry`), or undefined for anything else. Cheap for
 * ordinary files: only one that opens like JSON or XML and names `sunset` near its start is matched
 * against the signatures, and one that opens with `#` against the imported entries' first line.
 */
export function ownReportKind(bytes: Uint8Array): string | undefined {
  let start = 0;
  // White space and a byte-order mark may come first.
  while (
    start < bytes.length &&
    (bytes[start] === 0x20 || bytes[start] === 0x0a || bytes[start] === 0x0d || bytes[start] === 0x09)
  )
    start++;
  if (bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf) start += 3;
  if (bytes[start] === 0x23)
    return Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.min(bytes.length - start, IMPORTED_ENTRY.length)).equals(
      IMPORTED_ENTRY,
    )
      ? 'imported register entry'
      : undefined;
  if (!OPENERS.has(bytes[start] ?? 0)) return undefined;
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, HEAD_BYTES));
  if (!head.includes('"sunset"')) return undefined;
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  return SIGNATURES.find((signature) => signature.pattern.test(text))?.format;
}
