import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dataFiles } from '../../src/import/run-import.ts';

/** The miniature platform checkout of the fixtures: `data/deprecations/` and `config/upgrade_path.yml`. */
export const PLATFORM = path.resolve(import.meta.dirname, '../fixtures/platform');
/** Its deprecation data folder. */
export const DEPRECATIONS = path.join(PLATFORM, 'data', 'deprecations');
/** Its upgrade-path file. */
export const UPGRADE_PATH = path.join(PLATFORM, 'config', 'upgrade_path.yml');

/** The data files with their texts, named relative to the platform checkout, in import order. */
export function fixtureFiles(): { file: string; text: string }[] {
  return dataFiles([DEPRECATIONS], PLATFORM).map((file) => ({
    file: path.relative(PLATFORM, file),
    text: readFileSync(file, 'utf8'),
  }));
}
