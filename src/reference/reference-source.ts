/**
 * What the reference server starts from in a clone: the register and the demo projects' fixture
 * repositories, read from `content/`. The package swaps this module for one that reads its bundled data
 * (see scripts/build-cli.ts), so an installed server never reads YAML.
 */
import { CONTENT_DIR, loadRegister } from '../register/index.ts';
import type { Register } from '../register/register.ts';
import { readConfigDir, readFixtureRepositories } from './analytics/repository/read-fixture-repositories.ts';
import type { RepositoryFiles } from './analytics/repository/repository-files.ts';
import { demoFixtures } from './platform/world.ts';

/** The data a reference server is built from. */
export interface ReferenceSource {
  register: Register;
  /** Each demo project's fixture repository, by project id. */
  repositories: Record<number, RepositoryFiles>;
  /** `{config_dir}` of the fixture repositories. */
  configDir: string;
}

/** Reads the register and the fixture repositories from a content directory (the clone's own by default). */
export async function loadReferenceSource(contentDir: string = CONTENT_DIR): Promise<ReferenceSource> {
  const [register, repositories, configDir] = await Promise.all([
    loadRegister(contentDir),
    readFixtureRepositories(contentDir, demoFixtures().projects),
    readConfigDir(contentDir),
  ]);
  return { register, repositories, configDir };
}
