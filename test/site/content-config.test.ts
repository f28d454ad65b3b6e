import { describe, expect, it, vi } from 'vitest';
import { guideFrontmatterSchema } from '../../src/site/guide-frontmatter.ts';

// Astro's virtual modules exist only inside Astro; here they hand back what the config passes them.
vi.mock('astro:content', () => ({ defineCollection: (collection: unknown) => collection }));
vi.mock('astro/loaders', () => ({ glob: (options: unknown) => ({ glob: options }) }));

describe('content collections', () => {
  it('hold only the guides, the one collection pages read, validated with the schema plain Node code uses', async () => {
    const { collections } = await import('../../src/content.config.ts');
    const config = collections as unknown as Record<
      string,
      { schema: unknown; loader: { glob: { pattern: string; base: string } } }
    >;
    expect(Object.keys(config)).toEqual(['guides']);
    expect(config.guides?.schema).toBe(guideFrontmatterSchema);
    expect(config.guides?.loader.glob.base).toMatch(/content\/guides$/);
  });
});
