import { z } from 'zod';

/**
 * Values the spec leaves as placeholders (`content/settings.yaml`). Pages, examples, the checker and the
 * reference implementation read them from here, so a deployment can change them in one place.
 */
export const siteSettingsSchema = z.strictObject({
  /** The spec's `{base_url}`: where the platform answers, used in examples. */
  base_url: z.url(),
  /** The spec's `{config_dir}`: the platform configuration directory inside a repository. */
  config_dir: z.string().min(1).regex(/^[^/]/, { error: 'config_dir is relative to the repository root' }),
  /** Where the site itself is published, for canonical links and the feed. */
  site_url: z.url(),
  /**
   * Where the content's source files are edited: the repository's edit URL for its default branch, to
   * which a file's path from the repository root is appended (`…/-/edit/main/` + `content/limits.yaml`).
   * Pages built from one file link to it; without it they have no edit link.
   */
  source_url: z.url().optional(),
});

/** The site settings. */
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
