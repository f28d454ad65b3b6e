/**
 * A funnel's name, from its definition file's name as the spec describes: words separated by underscores,
 * special characters removed, lower case. `Completed Purchase.yaml`, `completed-purchase.yml` and
 * `completedPurchase.yaml` all name the funnel `completed_purchase`.
 */
export function funnelName(fileName: string): string {
  const base = (fileName.split('/').pop() ?? fileName).replace(/\.ya?ml$/i, '');
  return base
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s\-.]+/g, '_')
    .replace(/[^A-Za-z0-9_]/g, '')
    .toLowerCase()
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
}

/** Why a funnel name cannot be a query member group, or undefined when it can. */
export function funnelNameProblem(name: string): string | undefined {
  if (name === '') return 'the file name has no letters or digits left once special characters are removed; rename the file';
  if (/^[0-9]/.test(name)) return `the funnel name "${name}" starts with a digit, which a member group cannot; rename the file`;
  if (name === 'trackedevents') return 'the funnel name would clash with the TrackedEvents cube; rename the file';
  return undefined;
}
