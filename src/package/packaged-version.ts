/** Stands in for src/check/version.ts in built code: the version is fixed when the package is built. */

/** Set by the build from package.json. */
declare const SUNSET_VERSION: string;

/** The package's version, which `--version` prints and reports carry. */
export function sunsetVersion(): string {
  return SUNSET_VERSION;
}
