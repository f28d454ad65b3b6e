/**
 * The small shop the sample data describes: its pages and how visitors move between them. The walk is
 * shaped so that the `completed_purchase` funnel (/products → /cart → /checkout → /checkout/confirmation)
 * loses visitors at every step, and dashboards have something to show.
 */

/** The shop's host. */
export const SAMPLE_HOST = 'shop.example.com';

/** Products with a page each under `/products/<slug>`. */
export const PRODUCTS = ['trail-shoes', 'rain-jacket', 'wool-socks', 'day-pack', 'water-bottle', 'headlamp'] as const;

/** Blog posts under `/blog/<slug>`. */
export const POSTS = ['packing-light', 'first-hike', 'care-for-leather'] as const;

/** Page titles by path; product and post pages are titled from their slug. */
export function pageTitle(path: string): string {
  const fixed: Record<string, string> = {
    '/': 'Summit Supply – Home',
    '/products': 'All products – Summit Supply',
    '/cart': 'Your cart – Summit Supply',
    '/checkout': 'Checkout – Summit Supply',
    '/checkout/confirmation': 'Thank you for your order – Summit Supply',
    '/search': 'Search – Summit Supply',
    '/about': 'About us – Summit Supply',
  };
  if (fixed[path]) return fixed[path];
  const slug = path.split('/').pop() ?? '';
  const words = slug.replace(/-/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());
  return `${words} – Summit Supply`;
}

/** A step of a visit: the next page, or a custom event on the current page, with its weight. */
export type Move =
  | { to: string; weight: number }
  | { event: string; next: string; weight: number }
  | { end: true; weight: number };

/** Where a visitor goes from each kind of page. `*product` and `*post` stand for any product or post page. */
export const MOVES: Record<string, Move[]> = {
  '/': [
    { to: '/products', weight: 45 },
    { to: '*product', weight: 15 },
    { to: '/search', weight: 10 },
    { to: '*post', weight: 8 },
    { to: '/about', weight: 4 },
    { end: true, weight: 18 },
  ],
  '/products': [
    { to: '*product', weight: 40 },
    { to: '/cart', weight: 30 },
    { to: '/', weight: 5 },
    { end: true, weight: 25 },
  ],
  '*product': [
    { event: 'add_to_cart', next: '/cart', weight: 30 },
    { to: '/products', weight: 30 },
    { to: '*product', weight: 10 },
    { end: true, weight: 30 },
  ],
  '/cart': [
    { to: '/checkout', weight: 40 },
    { to: '/products', weight: 20 },
    { end: true, weight: 40 },
  ],
  '/checkout': [
    { event: 'purchase', next: '/checkout/confirmation', weight: 45 },
    { to: '/cart', weight: 5 },
    { end: true, weight: 50 },
  ],
  '/checkout/confirmation': [
    { to: '/', weight: 20 },
    { end: true, weight: 80 },
  ],
  '/search': [
    { event: 'search', next: '*product', weight: 60 },
    { to: '/', weight: 10 },
    { end: true, weight: 30 },
  ],
  '*post': [
    { to: '/products', weight: 30 },
    { to: '*post', weight: 20 },
    { end: true, weight: 50 },
  ],
  '/about': [
    { to: '/', weight: 40 },
    { end: true, weight: 60 },
  ],
};

/** Searches visitors type, for `docSearch`. */
export const SEARCHES = ['shoes', 'jacket', 'socks', 'backpack', 'lamp'] as const;
