/**
 * zod's tree-shakable build, with the English messages the full build sets up by itself. Schemas the
 * in-browser reference checks requests with are written against it: the full build would be a quarter of
 * what a console loads on its first Send. Issues and messages are the same as the full build's.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

z.config(en());

export { z };
