/**
 * A project's repository as the reference implementation sees it: file paths relative to the repository
 * root, mapped to their text. Node reads a fixture folder into one; the browser bundles the same files.
 */
export type RepositoryFiles = ReadonlyMap<string, string>;

/** Files directly inside `directory` (not in sub-folders) whose names end with one of `extensions`, sorted. */
export function filesIn(files: RepositoryFiles, directory: string, extensions: readonly string[]): string[] {
  const prefix = directory.endsWith('/') ? directory : `${directory}/`;
  return [...files.keys()]
    .filter((path) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/'))
    .filter((path) => extensions.some((extension) => path.endsWith(extension)))
    .sort();
}
