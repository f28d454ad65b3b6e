import { defineCollection } from 'astro:content';
import path from 'node:path';
import { glob } from 'astro/loaders';
import { contentDir } from './site/content-dir.ts';
import { guideFrontmatterSchema } from './site/guide-frontmatter.ts';

/**
 * The MDX guides under `content/guides/`, rendered at `/guides/<slug>/`. They are the only collection:
 * register entries and endpoints reach pages through `siteRegister()`, which reads `content/` once with the
 * cross-file checks a collection cannot make one file at a time, so a second parse here would only cost time.
 */
const guides = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: path.join(contentDir(), 'guides') }),
  schema: guideFrontmatterSchema,
});

export const collections = { guides };
