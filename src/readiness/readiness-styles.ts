/**
 * The stylesheets a readiness site ships: the main site's own and its header's (so both sites look alike) and the few
 * rules the readiness pages add. Read from the clone here; the package build swaps this module for one that
 * carries the same text inlined, because an installed package has no `src/styles/`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The main site's stylesheet in the clone. */
const SITE_CSS_PATH = path.resolve(HERE, '../styles/site.css');
/** The main site's header stylesheet in the clone. */
const HEADER_CSS_PATH = path.resolve(HERE, '../styles/header.css');
/** The readiness pages' own stylesheet in the clone. */
const READINESS_CSS_PATH = path.join(HERE, 'readiness.css');

/** Stylesheet text by the file name each is written under, in the order pages link them. */
interface ReadinessStyles {
  'site.css': string;
  'header.css': string;
  'readiness.css': string;
}

/** The stylesheets' text, keyed by the file name each is written under. */
export function readinessStyles(): ReadinessStyles {
  return {
    'site.css': readFileSync(SITE_CSS_PATH, 'utf8'),
    'header.css': readFileSync(HEADER_CSS_PATH, 'utf8'),
    'readiness.css': readFileSync(READINESS_CSS_PATH, 'utf8'),
  };
}
