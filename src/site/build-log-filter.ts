/**
 * What the site's build leaves out of the bundler's log. Only one warning, named by its code and its text:
 * the MDX guides carry Astro's own `"use astro:head-inject"` marker, which Astro reads before bundling, and
 * Rolldown warns that it may not keep such a directive in the bundle, once per guide on every build (a known
 * warning of Astro 7 with MDX, withastro/astro#18087). Every other message, that code for any other
 * directive included, goes on to the bundler's own handler.
 */

/** A bundler log as Rolldown hands it to `onLog`. */
export interface BundlerLog {
  code?: string;
  message: string;
}

/** Whether the build leaves a log out (see the module's comment). */
export const isKnownHarmless = (log: BundlerLog): boolean =>
  log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use astro:head-inject"');

/** Rolldown's `onLog`: a log the build leaves out stops here; any other goes to `handler`. */
export function buildLogFilter<Level extends string, Log extends BundlerLog>(
  level: Level,
  log: Log,
  handler: (level: Level, log: Log) => void,
): void {
  if (isKnownHarmless(log)) return;
  handler(level, log);
}
