import type { SiteSettings } from '../schemas/site-settings.ts';

/** The spec's placeholders that are site settings, by name. */
export const PLACEHOLDERS = ['base_url', 'config_dir'] as const;

/** A placeholder the settings fill. */
export type PlaceholderName = (typeof PLACEHOLDERS)[number];

/**
 * Replaces `{base_url}` and `{config_dir}` in text with the site settings; other braces stay as written.
 * `{site_url}`, where this site is published, is filled too when given: it is a setting, not a spec placeholder.
 */
export function fillPlaceholders(text: string, settings: Pick<SiteSettings, PlaceholderName> & { site_url?: string }): string {
  return text.replace(/\{(base_url|config_dir|site_url)\}/g, (whole, name: PlaceholderName | 'site_url') => {
    if (name === 'config_dir') return settings.config_dir;
    const url = name === 'base_url' ? settings.base_url : settings.site_url;
    return url === undefined ? whole : url.replace(/\/+$/, '');
  });
}
