/** Relative import specifiers of a module's source: static, type-only, dynamic and `new URL` worker paths. */
export function importsOf(source: string): string[] {
  const found: string[] = [];
  const pattern = /(?:from\s+|import\s*\(\s*|import\s+|new URL\(\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;
  for (const match of source.matchAll(pattern)) found.push(match[2] as string);
  return found;
}
