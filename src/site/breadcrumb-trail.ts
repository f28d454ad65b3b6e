/** One step of a breadcrumb trail: a page above the current one. */
export interface Crumb {
  href: string;
  label: string;
}

/**
 * The pages above `pathname`, from the home page down: the home page, then each enclosing folder that is
 * one of the site's `sections` (`[href, label]`, as the header and footer list them). The current page is
 * not part of the trail; the home page has none.
 */
export function breadcrumbTrail(pathname: string, sections: readonly (readonly [string, string])[]): Crumb[] {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  if (path === '/') return [];
  const trail: Crumb[] = [{ href: '/', label: 'Home' }];
  const parts = path.split('/').filter(Boolean);
  // Every folder above the page, shortest first; the page itself is left out.
  for (let depth = 1; depth < parts.length; depth++) {
    const href = `/${parts.slice(0, depth).join('/')}/`;
    const label = sections.find(([section]) => section === href)?.[1];
    if (label) trail.push({ href, label });
  }
  return trail;
}
