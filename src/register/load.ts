import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { type ApiEndpoint, apiEndpointSchema } from '../schemas/api-endpoint.ts';
import { areasFileSchema } from '../schemas/area.ts';
import { errorsFileSchema } from '../schemas/error-condition.ts';
import { flagsFileSchema } from '../schemas/feature-flag.ts';
import { limitsFileSchema } from '../schemas/limit.ts';
import { otherNamesFileSchema } from '../schemas/other-names.ts';
import { type RegisterEntry, registerEntrySchema } from '../schemas/register-entry.ts';
import { releasesFileSchema } from '../schemas/releases-file.ts';
import { sdksFileSchema } from '../schemas/sdk-support.ts';
import { siteSettingsSchema } from '../schemas/site-settings.ts';
import { ContentError, type ContentProblem } from './content-error.ts';
import { checkIntegrity } from './integrity.ts';
import { attachOtherNames, OTHER_NAMES_FILE } from './other-names.ts';
import type { RegisterData } from './register-data.ts';
import { locate, parsePath, readYamlWith } from './yaml-source.ts';

export type { RegisterData } from './register-data.ts';

/** The result of reading content: data where it parsed, and every problem found. */
export interface LoadResult {
  data: RegisterData;
  problems: ContentProblem[];
}

async function listYaml(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir, { recursive: true });
  } catch {
    return [];
  }
  return names.filter((name) => name.endsWith('.yaml') || name.endsWith('.yml')).sort();
}

/**
 * Reads and validates every data file in a content directory. Nothing throws on bad content: each
 * problem is collected with its file, line and field path so a writer sees all of them at once.
 */
export async function readContent(contentDir: string): Promise<LoadResult> {
  const problems: ContentProblem[] = [];
  const label = (file: string) => path.join(path.basename(contentDir), file);

  async function readOne<T extends z.ZodType>(schema: T, relative: string, optional = false): Promise<z.output<T> | undefined> {
    const file = path.join(contentDir, relative);
    let text: string;
    try {
      // Read in place: a register of 5,000 files read through libuv's thread pool took twice as long (1,000 ms
      // against 400–550 ms, most of it the hops to the pool and back), and its caller waits for all of them anyway.
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if (optional && (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      problems.push({ file: label(relative), message: 'file is missing or unreadable' });
      return undefined;
    }
    const result = readYamlWith(schema, label(relative), text);
    if (result.ok) return result.data;
    problems.push(...result.problems);
    return undefined;
  }

  const sources = new Map<string, string>();
  const unread = { entries: new Set<string>(), endpoints: new Set<string>() };

  /** Reads one file per item from a folder; each item's id must equal its file name. */
  async function readFolder<T extends z.ZodType<{ id: string }>>(schema: T, folder: string, kind: 'entry' | 'endpoint') {
    const files = await listYaml(path.join(contentDir, folder));
    const parsed = await Promise.all(files.map((name) => readOne(schema, path.join(folder, name))));
    const items: { item: z.output<T>; relative: string }[] = [];
    parsed.forEach((item, index) => {
      const relative = path.join(folder, files[index] as string);
      if (!item) {
        unread[kind === 'entry' ? 'entries' : 'endpoints'].add(path.basename(relative).replace(/\.ya?ml$/, ''));
        return;
      }
      items.push({ item, relative });
      sources.set(`${kind}:${item.id}`, relative);
      const fileId = path.basename(relative).replace(/\.ya?ml$/, '');
      if (fileId !== item.id) {
        problems.push({ file: label(relative), path: 'id', message: `id "${item.id}" must equal the file name "${fileId}"` });
      }
    });
    return items;
  }

  const readEntries = await readFolder(registerEntrySchema, 'register', 'entry');
  for (const { item: entry, relative } of readEntries) {
    const folder = path.basename(path.dirname(relative));
    if (folder !== entry.removed_in) {
      problems.push({
        file: label(relative),
        path: 'removed_in',
        message: `removed_in "${entry.removed_in}" does not match the folder "${folder}"; move the file to register/${entry.removed_in}/`,
      });
    }
  }
  // Other names are optional data of their own (a content folder without the file has none), put on entries.
  const otherNames = await readOne(otherNamesFileSchema, OTHER_NAMES_FILE, true);
  const named = attachOtherNames(
    readEntries.map(({ item }) => item),
    otherNames ?? {},
    label(OTHER_NAMES_FILE),
    unread.entries,
  );
  problems.push(...named.problems);
  const entries: RegisterEntry[] = named.entries;
  const endpoints: ApiEndpoint[] = (await readFolder(apiEndpointSchema, 'api', 'endpoint')).map(({ item }) => item);

  const [areas, releases, limits, errors, flags, sdks, settings] = await Promise.all([
    readOne(areasFileSchema, 'areas.yaml'),
    readOne(releasesFileSchema, 'releases.yaml'),
    readOne(limitsFileSchema, 'limits.yaml'),
    readOne(errorsFileSchema, 'errors.yaml'),
    readOne(flagsFileSchema, 'flags.yaml'),
    readOne(sdksFileSchema, 'sdks.yaml'),
    readOne(siteSettingsSchema, 'settings.yaml'),
  ]);

  const data: RegisterData = {
    entries,
    areas: areas ?? [],
    releases: releases ?? [],
    endpoints,
    limits: limits ?? [],
    errors: errors ?? [],
    flags: flags ?? { beta_since: '0.0', flags: [] },
    sdks: sdks ?? [],
    settings: settings ?? {
      base_url: 'https://platform.example.com',
      config_dir: '.gitlab',
      site_url: 'https://sunset.example.com',
    },
    sources,
  };
  problems.push(...checkIntegrity(data, label, unread));
  return { data, problems: await placeProblems(contentDir, problems) };
}

/** Gives problems found after parsing (ids, references) the line of their field, reading each file once. */
async function placeProblems(contentDir: string, problems: ContentProblem[]): Promise<ContentProblem[]> {
  const texts = new Map<string, Promise<string | undefined>>();
  const root = path.dirname(contentDir);
  return Promise.all(
    problems.map(async (problem) => {
      if (problem.line !== undefined || !problem.path) return problem;
      if (!texts.has(problem.file))
        texts.set(
          problem.file,
          readFile(path.join(root, problem.file), 'utf8').catch(() => undefined),
        );
      const text = await texts.get(problem.file);
      const place = text === undefined ? undefined : locate(text, parsePath(problem.path));
      return place ? { ...problem, ...place } : problem;
    }),
  );
}

/** Reads content and throws a {@link ContentError} listing every problem when anything is wrong. */
export async function loadContent(contentDir: string): Promise<RegisterData> {
  const { data, problems } = await readContent(contentDir);
  if (problems.length > 0) throw new ContentError(problems);
  return data;
}
