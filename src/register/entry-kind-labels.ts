/** How people read each kind of change (kept free of zod so browser code can import it cheaply). */
export const KIND_LABELS: Record<string, string> = {
  deprecation: 'Deprecation',
  removal: 'Removal',
  'behavior-change': 'Behaviour change',
  rename: 'Rename',
};
