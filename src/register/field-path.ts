/**
 * Field paths as a writer reads them (`steps[2].name`). Kept apart from the YAML reader so code that only
 * names fields (request validation in the browser) does not load a YAML parser.
 */

/** Writes a field path the way a writer reads it: `steps[2].name`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, '');
}

/** Reads a field path written by {@link formatPath} back into keys. */
export function parsePath(text: string): PropertyKey[] {
  const keys: PropertyKey[] = [];
  for (const match of text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    keys.push(match[2] !== undefined ? Number(match[2]) : (match[1] as string));
  }
  return keys;
}
