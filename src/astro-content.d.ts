// `astro:content` is a virtual module whose full types `astro sync` generates into `.astro/` (not committed).
// Plain `tsc` needs only what `src/content.config.ts` imports from it.
declare module 'astro:content' {
  export { defineCollection } from 'astro/content/config';
}
