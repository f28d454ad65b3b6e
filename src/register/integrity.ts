import type { ContentProblem } from './content-error.ts';
import type { RegisterData } from './register-data.ts';
import { compareReleases } from './releases.ts';

/** Ids whose files exist but did not validate: their own problems are reported already. */
export interface UnreadIds {
  entries: ReadonlySet<string>;
  endpoints: ReadonlySet<string>;
}

/**
 * Cross-file checks the schemas cannot make alone: unique ids, references that resolve, release order,
 * and releases that the releases file knows. References to an entry or endpoint whose file is there but
 * invalid are not reported again: one mistake gives one message, not one per file that names it.
 */
export function checkIntegrity(
  data: RegisterData,
  label: (file: string) => string,
  unread: UnreadIds = { entries: new Set(), endpoints: new Set() },
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const fileOf = (key: string, fallback: string) => label(data.sources.get(key) ?? fallback);

  const entryIds = new Set<string>();
  for (const entry of data.entries) {
    if (entryIds.has(entry.id)) {
      problems.push({
        file: fileOf(`entry:${entry.id}`, 'register'),
        path: 'id',
        message: `id "${entry.id}" is used by another entry; ids must be unique`,
      });
    }
    entryIds.add(entry.id);
  }
  const areaIds = new Set(data.areas.map((area) => area.id));
  const endpointIds = new Set(data.endpoints.map((endpoint) => endpoint.id));
  const limitIds = new Set(data.limits.map((limit) => limit.id));
  const errorIds = new Set(data.errors.map((error) => error.id));
  const knownReleases = new Set(data.releases.map((release) => release.release));

  for (const entry of data.entries) {
    const file = fileOf(`entry:${entry.id}`, 'register');
    if (!areaIds.has(entry.area)) {
      problems.push({ file, path: 'area', message: `area "${entry.area}" is not in areas.yaml` });
    }
    if (entry.announced_in && compareReleases(entry.announced_in, entry.removed_in) > 0) {
      problems.push({
        file,
        path: 'announced_in',
        message: `announced_in "${entry.announced_in}" is after removed_in "${entry.removed_in}"; a change cannot be announced after it takes effect`,
      });
    }
    if (!knownReleases.has(entry.removed_in)) {
      problems.push({ file, path: 'removed_in', message: `release "${entry.removed_in}" is not listed in releases.yaml` });
    }
    entry.related.forEach((id, index) => {
      if (id === entry.id) problems.push({ file, path: `related[${index}]`, message: 'an entry cannot be related to itself' });
      else if (!entryIds.has(id) && !unread.entries.has(id))
        problems.push({ file, path: `related[${index}]`, message: `related entry "${id}" does not exist` });
    });
    entry.endpoints.forEach((id, index) => {
      if (!endpointIds.has(id) && !unread.endpoints.has(id))
        problems.push({ file, path: `endpoints[${index}]`, message: `endpoint "${id}" does not exist in content/api/` });
    });
  }

  for (const endpoint of data.endpoints) {
    const file = fileOf(`endpoint:${endpoint.id}`, 'api');
    if (!areaIds.has(endpoint.area))
      problems.push({ file, path: 'area', message: `area "${endpoint.area}" is not in areas.yaml` });
    endpoint.limits.forEach((id, index) => {
      if (!limitIds.has(id)) problems.push({ file, path: `limits[${index}]`, message: `limit "${id}" is not in limits.yaml` });
    });
    endpoint.errors.forEach((id, index) => {
      if (!errorIds.has(id))
        problems.push({ file, path: `errors[${index}]`, message: `error condition "${id}" is not in errors.yaml` });
    });
  }

  const checkUnique = (items: { id: string }[], file: string) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.id))
        problems.push({ file: label(file), path: `[${index}].id`, message: `id "${item.id}" appears twice` });
      seen.add(item.id);
    });
  };
  checkUnique(data.limits, 'limits.yaml');
  checkUnique(data.errors, 'errors.yaml');
  checkUnique(data.areas, 'areas.yaml');

  for (const [file, items] of [
    ['limits.yaml', data.limits],
    ['errors.yaml', data.errors],
  ] as const) {
    items.forEach((item, index) => {
      item.related.forEach((id, at) => {
        if (!entryIds.has(id) && !unread.entries.has(id))
          problems.push({
            file: label(file),
            path: `[${index}].related[${at}]`,
            message: `related entry "${id}" does not exist`,
          });
      });
    });
  }
  // The contradiction policy (README, "Adding a register entry"): an error condition dates the change the
  // way its register entries do, so the entry, the condition and their pages never disagree.
  data.errors.forEach((error, index) => {
    const dated = error.related
      .map((id) => data.entries.find((entry) => entry.id === id))
      .filter((entry) => entry?.spec_conflict);
    for (const entry of dated) {
      if (entry && error.since !== entry.removed_in) {
        problems.push({
          file: label('errors.yaml'),
          path: `[${index}].since`,
          message: `"${error.since ?? 'none'}" differs from related entry "${entry.id}" (removed_in "${entry.removed_in}"), which records the spec's two releases; date both the same way`,
        });
      }
      if (!error.spec_conflict) {
        problems.push({
          file: label('errors.yaml'),
          path: `[${index}].spec_conflict`,
          message: `related entry "${entry?.id}" records the spec's two releases; say them here too`,
        });
      }
    }
  });
  return problems;
}
