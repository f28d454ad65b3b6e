import type { BundledTheme } from 'shiki';

/** Two themes, by the colour scheme each is for. */
export interface CodeThemes {
  light: BundledTheme;
  dark: BundledTheme;
}

/**
 * The site's code themes, for `<CodeBlock>` (highlight.ts) and for code in Markdown (astro.config.mjs): two
 * high-contrast themes that the page's colour scheme picks between (code.css).
 */
export const CODE_THEMES: CodeThemes = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' };
