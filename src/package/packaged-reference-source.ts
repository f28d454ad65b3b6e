/**
 * Stands in for src/reference/reference-source.ts in built code: the reference server starts from the
 * package's data, never from `content/`.
 */

import type { ReferenceSource } from '../reference/reference-source.ts';
import { createRegister } from '../register/register.ts';
import { packagedData } from './packaged-data.ts';

export type { ReferenceSource } from '../reference/reference-source.ts';

/** The register and fixture repositories bundled with the package. */
export async function loadReferenceSource(): Promise<ReferenceSource> {
  const data = await packagedData();
  const register = createRegister(data.register);
  return { register, repositories: data.repositories, configDir: register.settings.config_dir };
}
