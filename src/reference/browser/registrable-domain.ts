/**
 * Stands in for `tldts` in the site's browser bundle (an alias in `astro.config.mjs`). MSW's cookie store
 * (tough-cookie) asks it for a host's registrable domain to scope cookies that mocked responses set (the
 * collector's `sp` cookie, host-only); the full public-suffix list would add about 40 kB gzip to the
 * console. A host's last two labels stand in for its registrable domain; IP addresses and single-label
 * hosts have none, as with tldts. Only multi-label suffixes (`co.uk`) differ, inside the page's own jar.
 */

/** The registrable domain of `host`: its last two labels, or null for an IP address or a single label. */
export function getDomain(host: string): string | null {
  if (/^[\d.]+$/.test(host) || host.includes(':')) return null;
  const labels = host.split('.').filter((label) => label !== '');
  return labels.length < 2 ? null : labels.slice(-2).join('.');
}
