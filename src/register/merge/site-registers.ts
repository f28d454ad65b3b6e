import type { Register } from '../register.ts';
import { formatConflict, mergeRegisterFolders, registerFoldersFromEnv } from './register-folders.ts';

/**
 * The register the site is built from: the built-in one, merged with the register folders `SUNSET_REGISTER`
 * names (relative to the directory the build runs in). Conflicts between registers are logged once per build
 * and shown on the entries they concern; a folder with problems stops the build with each of them listed.
 */
export async function loadSiteRegisters(builtIn: Register, env: Readonly<Record<string, string | undefined>>): Promise<Register> {
  const folders = registerFoldersFromEnv(env);
  if (folders.length === 0) return builtIn;
  const { register, conflicts } = await mergeRegisterFolders(builtIn, folders, process.cwd());
  for (const conflict of conflicts) console.warn(`sunset: ${formatConflict(conflict)}`);
  const imported = register.entries.filter((entry) => entry.origin === 'imported').length;
  console.info(`sunset: register folders ${folders.join(', ')}: ${imported} imported entries, ${conflicts.length} conflict(s)`);
  return register;
}
