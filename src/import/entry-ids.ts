/**
 * Ids of imported entries: stable across runs, made from the data file's name and, where a file holds
 * several items, the item's title. A file with one item gives its name alone, so a changed title keeps
 * the id; in a file of several, an item whose title changed keeps the id it had in the previous import
 * into the same folder (same file, same place in the list). Two items that would share an id get their
 * place in the file added.
 */

/** Most characters an id is made of, so file names stay short on every file system. */
const MAX_ID = 80;

/** Lower-case words and digits joined by hyphens: `14-8-CI_build vars` → `14-8-ci-build-vars`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The part of an id that comes from the data file's name (without folders or extension). */
export function fileSlug(file: string): string {
  const base = file.split('/').at(-1) ?? file;
  return slug(base.replace(/\.ya?ml$/i, '')) || 'item';
}

/** An id cut to {@link MAX_ID} characters at the end of a word. */
function trimmed(id: string): string {
  if (id.length <= MAX_ID) return id;
  const cut = id.slice(0, MAX_ID + 1);
  return cut.slice(0, cut.lastIndexOf('-')).replace(/-+$/, '') || id.slice(0, MAX_ID);
}

/** The key of an item's place: its file's name (wherever the folder is kept) and its index. */
export function placeKey(file: string, index: number): string {
  return `${fileSlug(file)}#${index}`;
}

/** Where an item sits, with its title: what an id is made from. */
export interface IdInput {
  file: string;
  index: number;
  title: string;
  /** How many items the file holds (after skipped ones are counted too: the list as written). */
  itemsInFile: number;
}

/**
 * Gives each item an id. `previous` maps {@link placeKey}s to the ids an earlier import gave those places. An
 * item whose title-made id is new takes the earlier id of its place when no item of this run is made
 * that id by its own title: the title changed in place, and the entry keeps its page and links.
 */
export function assignIds(items: readonly IdInput[], previous: ReadonlyMap<string, string> = new Map()): string[] {
  const natural = items.map((item) =>
    item.itemsInFile === 1
      ? fileSlug(item.file)
      : trimmed(`${fileSlug(item.file)}-${slug(item.title) || String(item.index + 1)}`),
  );
  const claimed = new Set(natural);
  const before = new Set(previous.values());
  const taken = new Set<string>();
  return items.map((item, position) => {
    let id = natural[position] as string;
    const earlier = previous.get(placeKey(item.file, item.index));
    const base = fileSlug(item.file);
    const fromThisFile = earlier === base || earlier?.startsWith(`${base}-`);
    if (earlier && fromThisFile && !before.has(id) && !claimed.has(earlier)) id = earlier;
    if (taken.has(id)) id = trimmed(`${id}-${item.index + 1}`);
    taken.add(id);
    return id;
  });
}
