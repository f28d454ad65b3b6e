/**
 * The `package.json` that users install: the project's own less what only a clone of the project can use.
 * The project's manifest names the site's toolchain (devDependencies) and scripts whose files are not in
 * the package (`node scripts/….ts`, `src/…`); published as is, every tool that runs lifecycle scripts in
 * the package would try to run files that are not there, and a tool that installs devDependencies (a
 * pre-commit hook's install does) would pull the whole site's toolchain.
 */

/** The fields a package needs at install and run time; everything else stays in the clone. */
const PUBLISHED_FIELDS = [
  'name',
  'version',
  'description',
  'type',
  'license',
  'keywords',
  'homepage',
  'repository',
  'bugs',
  'author',
  'bin',
  'main',
  'types',
  'exports',
  'files',
  'engines',
  'dependencies',
  'peerDependencies',
  'peerDependenciesMeta',
] as const;

/** The published manifest of a project manifest: the {@link PUBLISHED_FIELDS} it has, in that order. */
export function publishedManifest(project: Record<string, unknown>): Record<string, unknown> {
  const published: Record<string, unknown> = {};
  for (const field of PUBLISHED_FIELDS) if (project[field] !== undefined) published[field] = project[field];
  return published;
}
