import { codeToHtml } from 'shiki';
import { describe, expect, it } from 'vitest';
import { plainTokenTransformer, TOKEN_CLASSES, tokenClass } from '../../src/site/plain-token-transformer.ts';

describe('plain token transformer', () => {
  it('names the themes’ common token colours by class, whatever their case', () => {
    expect(tokenClass('--shiki-light:#032563;--shiki-dark:#ADDCFF')).toBe('t-navy');
    expect(tokenClass('--shiki-light:#032563;--shiki-dark:#FF9492')).toBeUndefined();
    expect(new Set(Object.values(TOKEN_CLASSES)).size).toBe(Object.keys(TOKEN_CLASSES).length);
  });

  it('writes highlighted JSON with classes for common colours and no token in the block’s own colour', async () => {
    const html = await codeToHtml('{ "name": "value", "count": 3, "ok": true }', {
      lang: 'json',
      themes: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' },
      defaultColor: false,
      transformers: [plainTokenTransformer],
    });
    expect(html).toMatch(/class="t-[a-z]+"/);
    expect(html).not.toContain('--shiki-light:#032563');
    expect(html).toContain('<pre class="astro-code"');
  });
});
