/**
 * A stack frame's file as the demo reports it: `app:///` and the script's name without the build's content
 * hash (`…/_astro/demo-shop.C7xK2aB9.js` becomes `app:///demo-shop.js`). Error grouping uses the culprit,
 * so a name that changes with every build would split one error into many; the same rewrite is what
 * Sentry's own frame-rewriting integration does for bundled apps.
 */
export function stableFrameName(filename: string): string {
  let pathname: string;
  try {
    pathname = new URL(filename).pathname;
  } catch {
    return filename; // not a URL (`<anonymous>`, native code): nothing to rewrite
  }
  const base = pathname.split('/').pop() ?? '';
  if (!base) return filename;
  // Astro names a page's own script after the page (`errors.astro_astro_type_script_index_0_lang`).
  const name = base
    .replace(/\.[A-Za-z0-9_-]{8}(\.m?js)$/, '$1')
    .replace(/\.astro_astro_type_script_index_\d+_lang(?=\.m?js$)/, '');
  return `app:///${name}`;
}
