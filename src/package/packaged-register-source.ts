/**
 * Stands in for src/check/register-source.ts in built code: the register comes from the package's data,
 * never from `content/`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadedRegister } from '../check/register-source.ts';
import { knownRegisterVersion } from '../findings/report-origin.ts';
import { createRegister } from '../register/register.ts';
import { packagedData } from './packaged-data.ts';

export type { LoadedRegister } from '../check/register-source.ts';

/** The folder of the built code. */
export const PROJECT_ROOT = path.dirname(fileURLToPath(import.meta.url));

/** The register bundled with the package. */
export async function loadCliRegister(): Promise<LoadedRegister> {
  const data = await packagedData();
  const register = createRegister(data.register);
  knownRegisterVersion(register, data.registerVersion);
  return { register, source: 'bundle' };
}
