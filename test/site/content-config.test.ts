import { describe, expect, it, vi } from 'vitest';
import { apiEndpointSchema } from '../../src/schemas/api-endpoint.ts';
import { registerEntrySchema } from '../../src/schemas/register-entry.ts';
import { guideFrontmatterSchema } from '../../src/site/guide-frontmatter.ts';

// Astro's virtual modules exist only inside Astro; here they hand back what the config passes them.
vi.mock('astro:content', () => ({ defineCollection: (collection: unknown) => collection }));
vi.mock('astro/loaders', () => ({ glob: (options: unknown) => ({ glob: options }) }));

describe('content collections', () => {
  it('validate register entries, endpoints and guides with the schemas plain Node code uses', async () => {
    const { collections } = await import('../../src/content.config.ts');
    const config = collections as unknown as Record<
      string,
      { schema: unknown; loader: { glob: { pattern: string; base: string } } }
    >;
    expect(config.register?.schema).toBe(registerEntrySchema);
    expect(config.api?.schema).toBe(apiEndpointSchema);
    expect(config.guides?.schema).toBe(guideFrontmatterSchema);
    expect(config.register?.loader.glob.base).toMatch(/content\/register$/);
    expect(config.api?.loader.glob.base).toMatch(/content\/api$/);
  });
});
