/** Stands in for src/readiness/readiness-styles.ts in built code: the stylesheets are inlined by the build. */

/** Stylesheet text by the file name each is written under, in the order pages link them. */
interface ReadinessStyles {
  'site.css': string;
  'header.css': string;
  'readiness.css': string;
}

/**
 * Set by the build: the main site's stylesheets and the readiness pages' own, as JSON text. An object would
 * become a module of its own that esbuild has every chunk load and run, `sunset check` included.
 */
declare const SUNSET_READINESS_STYLES: string;

/** The stylesheets' text, keyed by the file name each is written under. */
export function readinessStyles(): ReadinessStyles {
  return JSON.parse(SUNSET_READINESS_STYLES) as ReadinessStyles;
}
