/**
 * Node hosts only (the local server and tests): reads each project's fixture repository from
 * `content/examples/<project name>/` and `{config_dir}` from `content/settings.yaml`. The browser bundles the
 * same files instead.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { readYamlWith } from '../../../register/yaml-source.ts';
import { siteSettingsSchema } from '../../../schemas/site-settings.ts';
import type { Project } from '../../platform/world.ts';
import type { RepositoryFiles } from './repository-files.ts';

/** Every file of one folder, by path relative to it (with `/` separators). An absent folder is an empty repository. */
export async function readRepository(root: string): Promise<RepositoryFiles> {
  let names: string[];
  try {
    names = await readdir(root, { recursive: true });
  } catch {
    return new Map();
  }
  const files = new Map<string, string>();
  for (const name of names.sort()) {
    const full = path.join(root, name);
    try {
      files.set(name.split(path.sep).join('/'), await readFile(full, 'utf8'));
    } catch {
      // A folder, or a file that vanished: nothing to read.
    }
  }
  return files;
}

/** The fixture repository of each project, by id, from `<contentDir>/examples/<project name>/`. */
export async function readFixtureRepositories(
  contentDir: string,
  projects: readonly Project[],
): Promise<Record<number, RepositoryFiles>> {
  const entries = await Promise.all(
    projects.map(async (project) => [project.id, await readRepository(path.join(contentDir, 'examples', project.name))] as const),
  );
  return Object.fromEntries(entries);
}

/** `{config_dir}` from the site settings, `.gitlab` when they cannot be read. */
export async function readConfigDir(contentDir: string): Promise<string> {
  const file = path.join(contentDir, 'settings.yaml');
  try {
    const result = readYamlWith(siteSettingsSchema, file, await readFile(file, 'utf8'));
    return result.ok ? result.data.config_dir : '.gitlab';
  } catch {
    return '.gitlab';
  }
}
