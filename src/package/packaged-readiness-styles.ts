/** Stands in for src/readiness/readiness-styles.ts in built code: the stylesheets are inlined by the build. */

/** Set by the build: the main site's stylesheet and the readiness pages' own, as text. */
declare const SUNSET_READINESS_STYLES: { 'site.css': string; 'readiness.css': string };

/** The stylesheets' text, keyed by the file name each is written under. */
export function readinessStyles(): { 'site.css': string; 'readiness.css': string } {
  return SUNSET_READINESS_STYLES;
}
