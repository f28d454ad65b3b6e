import type { NameCategory } from '../schemas/names.ts';

/** How pages name each offering. */
export const OFFERING_LABELS: Record<string, string> = {
  hosted: 'Hosted',
  'self-managed': 'Self-managed',
  dedicated: 'Dedicated',
};

/** How pages name each kind of change. */
export { KIND_LABELS } from './entry-kind-labels.ts';

/** Headings for the name categories an entry files its identifiers under. */
export const NAME_CATEGORY_LABELS: Record<NameCategory, string> = {
  variables: 'Variables',
  keywords: 'CI keywords',
  fields: 'Fields and attributes',
  types: 'Types',
  arguments: 'Arguments',
  queries: 'Queries',
  mutations: 'Mutations',
  'enum-values': 'Enum values',
  flags: 'Feature flags',
  settings: 'Settings',
  metrics: 'Metrics',
  paths: 'Paths',
  parameters: 'Parameters',
  options: 'Command-line options',
  events: 'Events',
  properties: 'Properties',
  tags: 'Runner tags',
  permissions: 'Permissions',
  templates: 'Templates',
  commands: 'Commands',
  values: 'Values',
};

/** How the flag timeline words each event. */
export const FLAG_EVENT_LABELS: Record<string, string> = {
  introduced: 'introduced',
  'enabled-by-default': 'enabled by default',
  'generally-available': 'generally available',
  removed: 'removed',
  're-added': 'added again',
};

/** The link that searches the site for an identifier. */
export function searchHref(name: string): string {
  return `/search/?q=${encodeURIComponent(name)}`;
}
