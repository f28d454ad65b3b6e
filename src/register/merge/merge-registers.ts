/**
 * Merges register folders into the built-in register, in the order given, by entry id:
 *
 * - an entry whose id the merged register has not seen joins it;
 * - the same id again with the same content is the same entry (one folder imported twice);
 * - the same id with other content is a conflict: the first one read stays, and the conflict is listed;
 * - an imported entry that describes an entry of the register's own, or an imported entry already merged
 *   (a duplicate), on strong evidence (merge-evidence.ts) is attached to it as a source, with that evidence;
 *   an item goes to one entry only, whatever release each names, and where the two disagree (breaking,
 *   release, offerings; entry-disagreements.ts) both values are kept on the source and listed as a conflict;
 *   its detection rules join the entry's (a settings list names what the text does not), its text does not;
 * - areas and upgrade stops join by id and release; releases named only by the folders join the list.
 *
 * Entries of a folder must name areas, related entries and endpoints the merged register has. Nothing is
 * changed in place: the built-in data stays as it was read.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Area } from '../../schemas/area.ts';
import { type ImportedSource, OFFERINGS_UNSTATED_BASIS } from '../../schemas/imported-source.ts';
import type { RegisterEntry } from '../../schemas/register-entry.ts';
import type { ReleaseInfo } from '../../schemas/releases-file.ts';
import type { UpgradeStop } from '../../schemas/upgrade-stop.ts';
import type { ContentProblem } from '../content-error.ts';
import { disagreementText } from '../disagreement-text.ts';
import type { RegisterData } from '../register-data.ts';
import type { RegisterConflict } from './register-conflict.ts';

export type { RegisterConflict } from './register-conflict.ts';

import { compareReleases } from '../releases.ts';
import { entryDisagreements } from './entry-disagreements.ts';
import { type EntryIdentity, entryIdentity } from './entry-identity.ts';
import { bestMatch, type Match } from './merge-evidence.ts';
import type { RegisterFolder } from './read-register-folder.ts';

/** The merged register's data, with what could not be merged cleanly. */
export interface MergeResult {
  data: RegisterData;
  conflicts: RegisterConflict[];
  problems: ContentProblem[];
}

/** How messages name the register the site and the package are built with. */
export const BUILT_IN = 'the built-in register';

/** Whether two rules look for the same thing: a setting (and value) alike, or equal in every field. */
function sameRule(a: RegisterEntry['detect'][number], b: RegisterEntry['detect'][number]): boolean {
  if (a.kind === 'omnibus-setting' && b.kind === 'omnibus-setting') return a.setting === b.setting && a.value === b.value;
  return isDeepStrictEqual(a, b);
}

function changedFields(a: RegisterEntry, b: RegisterEntry): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof RegisterEntry>;
  return [...keys].filter((key) => !isDeepStrictEqual(a[key], b[key])).sort();
}

/** What a folder's entries name that the merged register does not hold, and releases out of order. */
function folderProblems(
  folderEntries: readonly { entry: RegisterEntry; folder: RegisterFolder }[],
  entries: ReadonlyMap<string, RegisterEntry>,
  areas: ReadonlyMap<string, Area>,
  base: RegisterData,
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const endpoints = new Set(base.endpoints.map((endpoint) => endpoint.id));
  for (const { entry, folder } of folderEntries) {
    const file = folder.files.get(entry.id) ?? folder.dir;
    if (!areas.has(entry.area))
      problems.push({
        file,
        path: 'area',
        message: `area "${entry.area}" is in neither areas.yaml of this folder nor the built-in register`,
      });
    entry.related.forEach((id, index) => {
      if (!entries.has(id)) problems.push({ file, path: `related[${index}]`, message: `related entry "${id}" does not exist` });
    });
    entry.endpoints.forEach((id, index) => {
      if (!endpoints.has(id)) problems.push({ file, path: `endpoints[${index}]`, message: `endpoint "${id}" does not exist` });
    });
    if (entry.announced_in && compareReleases(entry.announced_in, entry.removed_in) > 0) {
      problems.push({
        file,
        path: 'announced_in',
        message: `announced_in "${entry.announced_in}" is after removed_in "${entry.removed_in}"`,
      });
    }
  }
  return problems;
}

/** An entry an imported item may describe, with its identity worked out once. */
interface Candidate {
  candidate: RegisterEntry;
  identity: EntryIdentity;
}

/** The entry an imported item describes: the best of the register's own, else the best imported one kept. */
function describedEntry(
  item: EntryIdentity & { removed_in: string },
  own: readonly Candidate[],
  imported: readonly Candidate[],
): Match<RegisterEntry> | undefined {
  return bestMatch(item, own) ?? bestMatch(item, imported);
}

/** Merges the folders into `base`; see the module comment. */
export function mergeRegisters(base: RegisterData, folders: readonly RegisterFolder[]): MergeResult {
  const conflicts: RegisterConflict[] = [...(base.conflicts ?? [])];
  const problems: ContentProblem[] = [];
  const entries = new Map<string, RegisterEntry>(base.entries.map((entry) => [entry.id, entry]));
  const origins = new Map<string, string>(base.entries.map((entry) => [entry.id, BUILT_IN]));
  const areas = new Map<string, Area>(base.areas.map((area) => [area.id, area]));
  const areaOrigins = new Map<string, string>(base.areas.map((area) => [area.id, BUILT_IN]));
  const stops = new Map<string, UpgradeStop>((base.upgradeStops ?? []).map((stop) => [stop.release, stop]));
  const sources = new Map(base.sources);
  // Candidates an imported item may describe: entries of the register's own first, then imported ones kept.
  const own: Candidate[] = base.entries
    .filter((entry) => entry.origin !== 'imported')
    .map((entry) => ({ candidate: entry, identity: entryIdentity(entry) }));
  const importedKept: Candidate[] = base.entries
    .filter((entry) => entry.origin === 'imported')
    .map((entry) => ({ candidate: entry, identity: entryIdentity(entry) }));
  const folderEntries: { entry: RegisterEntry; folder: RegisterFolder }[] = [];

  for (const folder of folders) {
    for (const area of folder.areas) {
      const known = areas.get(area.id);
      if (!known) {
        areas.set(area.id, area);
        areaOrigins.set(area.id, folder.dir);
      } else if (!isDeepStrictEqual(known, area)) {
        const first = areaOrigins.get(area.id) ?? BUILT_IN;
        conflicts.push({
          subject: `area:${area.id}`,
          registers: [first, folder.dir],
          message: `area "${area.id}" differs; ${first}'s is used`,
        });
      }
    }
    for (const stop of folder.stops) {
      const known = stops.get(stop.release);
      if (!known) stops.set(stop.release, stop);
      else if (known.note !== stop.note) {
        conflicts.push({
          subject: `stop:${stop.release}`,
          registers: [folder.dir],
          message: `upgrade stop ${stop.release} has two notes; the first read is used`,
        });
      }
    }
    for (const entry of folder.entries) {
      const known = entries.get(entry.id);
      const file = folder.files.get(entry.id) ?? folder.dir;
      if (known) {
        if (isDeepStrictEqual(known, entry)) continue;
        const first = origins.get(entry.id) ?? BUILT_IN;
        conflicts.push({
          subject: entry.id,
          registers: [first, folder.dir],
          message: `entry "${entry.id}" is in ${first} and in ${file}, and they differ in ${changedFields(known, entry).join(', ')}; ${first}'s is shown`,
        });
        continue;
      }
      if (entry.origin === 'imported') {
        const identity = entryIdentity(entry);
        const match = describedEntry({ ...identity, removed_in: entry.removed_in }, own, importedKept);
        if (match) {
          const target = entries.get(match.candidate.id) as RegisterEntry;
          const [source] = entry.sources ?? [];
          const stated = source?.offerings_basis !== OFFERINGS_UNSTATED_BASIS;
          const differs = entryDisagreements(entry, target, stated);
          const attached: ImportedSource = {
            ...(source as ImportedSource),
            entry: entry.id,
            title: entry.title,
            register: folder.dir,
            evidence: match.evidence.reasons,
            ...(differs.length > 0 ? { disagreements: differs } : {}),
          };
          // The imported item's rules join the entry's (a setting's list names what the text does not); its text stays.
          const added = entry.detect.filter((rule) => !target.detect.some((known) => sameRule(known, rule)));
          entries.set(target.id, {
            ...target,
            sources: [...(target.sources ?? []), attached],
            detect: [...target.detect, ...added],
          });
          for (const difference of differs) {
            conflicts.push({
              subject: target.id,
              registers: [origins.get(target.id) ?? BUILT_IN, folder.dir],
              message: `${file} describes "${target.id}" (${match.evidence.reasons.join('; ')}), but on ${disagreementText(difference)}`,
            });
          }
          continue;
        }
        importedKept.push({ candidate: entry, identity });
      } else {
        own.push({ candidate: entry, identity: entryIdentity(entry) });
      }
      entries.set(entry.id, entry);
      origins.set(entry.id, folder.dir);
      sources.set(`entry:${entry.id}`, folder.paths.get(entry.id) ?? file);
      folderEntries.push({ entry, folder });
    }
  }

  problems.push(...folderProblems(folderEntries, entries, areas, base));

  const releases = new Map<string, ReleaseInfo>(base.releases.map((release) => [release.release, release]));
  const named = [...folderEntries.flatMap(({ entry }) => [entry.removed_in, entry.announced_in]), ...[...stops.keys()]];
  for (const release of named) if (release && !releases.has(release)) releases.set(release, { release, origin: 'imported' });
  const data: RegisterData = {
    ...base,
    entries: [...entries.values()],
    areas: [...areas.values()],
    releases: [...releases.values()].sort((a, b) => compareReleases(a.release, b.release)),
    sources,
    upgradeStops: [...stops.values()].sort((a, b) => compareReleases(a.release, b.release)),
    conflicts,
  };
  return { data, conflicts, problems };
}
