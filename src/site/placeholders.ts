import type { SiteSettings } from '../schemas/site-settings.ts';

/** The spec's placeholders that are site settings, by name. */
export const PLACEHOLDERS = ['base_url', 'config_dir'] as const;

/** A placeholder the settings fill. */
export type PlaceholderName = (typeof PLACEHOLDERS)[number];

/** Replaces `{base_url}` and `{config_dir}` in text with the site settings; other braces stay as written. */
export function fillPlaceholders(text: string, settings: Pick<SiteSettings, PlaceholderName>): string {
  return text.replace(/\{(base_url|config_dir)\}/g, (_, name: PlaceholderName) =>
    name === 'base_url' ? settings.base_url.replace(/\/+$/, '') : settings.config_dir,
  );
}
