/**
 * The platform's list of required upgrade stops: a YAML list of `major`, `minor` and, for some, `comments`
 * (Markdown). Each stop becomes a release with the comment as its note; a stop whose numbers are missing or
 * not whole numbers is a problem with its line and is left out. Stops come out oldest first, each once.
 */
import { compareReleases } from '../register/releases.ts';
import type { UpgradeStop } from '../schemas/upgrade-stop.ts';
import { readPlatformFile } from './platform-file.ts';
import type { ImportProblem } from './platform-item.ts';

/** The stops read from the file, and what could not be read. */
export interface UpgradePathReading {
  stops: UpgradeStop[];
  problems: ImportProblem[];
}

function wholeNumber(value: unknown): number | undefined {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  return Number.isInteger(number) && number >= 0 ? number : undefined;
}

/** Reads an upgrade-path file's text (`file` names it in problems). */
export function readUpgradePath(file: string, text: string): UpgradePathReading {
  const parsed = readPlatformFile(text);
  if (!parsed.ok) return { stops: [], problems: [{ file, line: parsed.line, reason: 'yaml-error', message: parsed.message }] };
  const problems: ImportProblem[] = [];
  const stops = new Map<string, UpgradeStop>();
  for (const item of parsed.items) {
    const major = wholeNumber(item.fields?.get('major')?.value);
    const minor = wholeNumber(item.fields?.get('minor')?.value);
    if (major === undefined || minor === undefined) {
      const missing = item.fields?.has('major') && item.fields.has('minor');
      problems.push({
        file,
        line: item.line,
        reason: missing ? 'malformed-field' : 'missing-field',
        message: `stop ${item.index + 1} needs whole numbers for major and minor`,
      });
      continue;
    }
    const release = `${major}.${minor}`;
    if (stops.has(release)) {
      problems.push({ file, line: item.line, reason: 'duplicate-title', message: `stop ${release} is listed twice` });
      continue;
    }
    const comments = item.fields?.get('comments')?.value;
    const note = typeof comments === 'string' && comments.trim() ? comments.trim() : undefined;
    stops.set(release, { release, ...(note ? { note } : {}) });
  }
  return { stops: [...stops.values()].sort((a, b) => compareReleases(a.release, b.release)), problems };
}
