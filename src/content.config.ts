import { defineCollection } from 'astro:content';
import path from 'node:path';
import { glob } from 'astro/loaders';
import { apiEndpointSchema } from './schemas/api-endpoint.ts';
import { registerEntrySchema } from './schemas/register-entry.ts';
import { contentDir } from './site/content-dir.ts';
import { guideFrontmatterSchema } from './site/guide-frontmatter.ts';

/** The MDX guides under `content/guides/`, rendered at `/guides/<slug>/`. */
const guides = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: path.join(contentDir(), 'guides') }),
  schema: guideFrontmatterSchema,
});

/**
 * Register entries and endpoints, validated by Astro's content layer with the very schemas the CLI, the
 * scripts and the tests use, so `astro dev` reports a bad field as soon as a file is saved. Pages render
 * from `siteRegister()`, which reads the same files with the cross-file checks (ids, references, releases)
 * that a collection cannot make one file at a time.
 */
const register = defineCollection({
  loader: glob({ pattern: '*/*.yaml', base: path.join(contentDir(), 'register'), generateId: ({ data }) => String(data.id) }),
  schema: registerEntrySchema,
});

/** One endpoint per file under `content/api/`. */
const api = defineCollection({
  loader: glob({ pattern: '*.yaml', base: path.join(contentDir(), 'api'), generateId: ({ data }) => String(data.id) }),
  schema: apiEndpointSchema,
});

export const collections = { guides, register, api };
