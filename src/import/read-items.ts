/**
 * Reads the platform's deprecation data files into checked items: every file's list, every item checked
 * (platform-item.ts), and titles that repeat one already read reported and left out. Pure over the files'
 * texts, so a test or a benchmark gives it text without touching the disk.
 */
import type { RawItem } from './platform-file.ts';
import { readPlatformFile } from './platform-file.ts';
import { checkItem, type ImportProblem, type PlatformItem, type SkipReason } from './platform-item.ts';

/** One data file: its name as shown to the user, and its text. */
export interface DataFile {
  file: string;
  text: string;
}

/** A checked item with the number of items its file lists (ids depend on it). */
export interface ReadItem {
  item: PlatformItem;
  itemsInFile: number;
}

/** What reading the files gave. */
export interface ItemsReading {
  /** Files whose list could be read. */
  files: number;
  /** Files that could not be read at all (not YAML, or not a list). */
  unreadFiles: number;
  /** Items read from the readable files. */
  itemsRead: number;
  items: ReadItem[];
  /** Items left out, by reason (a file that could not be read counts once under `yaml-error`). */
  skipped: Record<SkipReason, number>;
  problems: ImportProblem[];
}

/** Skips, all reasons at zero. */
export function noSkips(): Record<SkipReason, number> {
  return { 'yaml-error': 0, placeholder: 0, 'missing-field': 0, 'malformed-field': 0, 'duplicate-title': 0 };
}

const titleKey = (title: string) =>
  title
    .toLowerCase()
    .replace(/[`*_"']/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Reads data files in the order given (sort them for stable results). */
export function readItems(files: readonly DataFile[]): ItemsReading {
  const reading: ItemsReading = { files: 0, unreadFiles: 0, itemsRead: 0, items: [], skipped: noSkips(), problems: [] };
  const titles = new Map<string, string>();
  for (const { file, text } of files) {
    const parsed = readPlatformFile(text);
    if (!parsed.ok) {
      reading.unreadFiles++;
      reading.skipped['yaml-error']++;
      reading.problems.push({
        file,
        line: parsed.line,
        reason: 'yaml-error',
        message: `${parsed.message}; nothing in this file is imported`,
      });
      continue;
    }
    reading.files++;
    reading.itemsRead += parsed.items.length;
    for (const raw of parsed.items as RawItem[]) {
      const checked = checkItem(file, raw);
      if (!checked.ok) {
        reading.skipped[(checked.problems[0] as ImportProblem).reason]++;
        reading.problems.push(...checked.problems);
        continue;
      }
      const key = titleKey(checked.item.title);
      const first = titles.get(key);
      if (first) {
        reading.skipped['duplicate-title']++;
        reading.problems.push({
          file,
          line: raw.line,
          reason: 'duplicate-title',
          message: `the title "${checked.item.title}" was already imported from ${first}; one of the two needs another title`,
        });
        continue;
      }
      titles.set(key, `${file}:${raw.line}`);
      reading.items.push({ item: checked.item, itemsInFile: parsed.items.length });
    }
  }
  return reading;
}
