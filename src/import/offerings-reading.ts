/**
 * Which offerings an imported change applies to, read only where the item says so. Newer items state it in
 * an `impact_offering` field, which is taken as written. Otherwise (Sunset's reading of the words) a title
 * that opens with an offering ("GitLab Self-Managed: …") restricts it, and so does the text when it names
 * offerings in an "only" phrase ("GitLab Self-Managed only", "only on GitLab.com", "only self-managed
 * instances must …") or an "Offering:" line; the tiers restrict it when
 * every tier listed is a plan name sold on one offering alone (the hosted plans Bronze, Silver and Gold;
 * the self-managed plans Core and Starter). Otherwise the item does not say, and the entry lists every
 * offering, with `offerings_basis` saying so.
 */
import { OFFERINGS_UNSTATED_BASIS } from '../schemas/imported-source.ts';
import { OFFERINGS, type Offering } from '../schemas/offerings.ts';

/** The offerings and the reason for them. */
export interface OfferingsReading {
  offerings: Offering[];
  basis: string;
}

/** How the data names each offering. */
const OFFERING_NAMES: [RegExp, Offering][] = [
  [/\bgitlab\.com\b|\bhosted\b|\bsaas\b/i, 'hosted'],
  [/\bself[- ]managed\b/i, 'self-managed'],
  [/\bdedicated\b/i, 'dedicated'],
];
const NAME = String.raw`(?:GitLab\.com|(?:GitLab )?Self[- ]Managed|(?:GitLab )?Dedicated)`;
const LIST = String.raw`${NAME}(?:(?:,\s*|,?\s+(?:and|or)\s+)${NAME})*`;
const ONLY_AFTER = new RegExp(String.raw`\b(${LIST})(?:\s+(?:instances|users|customers))?\s+only\b`, 'i');
const ONLY_BEFORE = new RegExp(String.raw`\bonly\s+(?:on|for|in|to|affects|applies to)\s+(${LIST})`, 'i');
const ONLY_WHO = new RegExp(String.raw`\bonly\s+(${LIST})\s+(?:instances|users|customers|administrators)\b`, 'i');
// A title naming the hosted site first is often about something of it ("GitLab.com importer"), not only for it.
const TITLE_NAME = '(?:GitLab )?(?:Self[- ]Managed|Dedicated)';
const TITLE_START = new RegExp(String.raw`^\s*(${TITLE_NAME}(?:(?:,\s*|,?\s+(?:and|or)\s+)${NAME})*)\b`, 'i');
const OFFERING_LINE = new RegExp(String.raw`\bOfferings?:\s*\**\s*(${LIST})`, 'i');
const HOSTED_PLANS = new Set(['bronze', 'silver', 'gold']);
const SELF_MANAGED_PLANS = new Set(['core', 'starter']);

function named(phrase: string): Offering[] {
  return OFFERINGS.filter((offering) => OFFERING_NAMES.some(([pattern, name]) => name === offering && pattern.test(phrase)));
}

/** The offerings an `impact_offering` value names (`self-managed`, `GitLab.com, Dedicated`, a list), or none. */
function fieldOfferings(values: readonly string[]): Offering[] {
  return named(values.join(', '));
}

/**
 * Reads the offerings of an item from its `impact_offering` field, else its title, body and tiers. The
 * field's words are the platform's; every other basis is Sunset's reading and says so.
 */
export function readOfferings(
  title: string,
  body: string,
  tiers: readonly string[] = [],
  impactOffering: readonly string[] = [],
): OfferingsReading {
  const stated = fieldOfferings(impactOffering);
  if (stated.length > 0)
    return { offerings: stated, basis: `the item's impact_offering field says "${impactOffering.join(', ')}"` };
  const opening = TITLE_START.exec(title.replace(/[*_`]/g, ''));
  const fromTitle = opening ? named(opening[1] as string) : [];
  if (opening && fromTitle.length > 0)
    return { offerings: fromTitle, basis: `the title opens with "${(opening[1] as string).trim()}"` };
  const text = `${title}\n${body}`.replace(/[*_`]/g, '');
  for (const pattern of [OFFERING_LINE, ONLY_AFTER, ONLY_BEFORE, ONLY_WHO]) {
    const match = pattern.exec(text);
    const offerings = match ? named(match[1] as string) : [];
    if (match && offerings.length > 0) return { offerings, basis: `the text says "${match[0].trim()}"` };
  }
  const plans = tiers.map((tier) => tier.toLowerCase());
  if (plans.length > 0 && plans.every((plan) => HOSTED_PLANS.has(plan))) {
    return { offerings: ['hosted'], basis: `the tiers (${tiers.join(', ')}) are plans of the hosted offering only` };
  }
  if (plans.length > 0 && plans.every((plan) => SELF_MANAGED_PLANS.has(plan))) {
    return { offerings: ['self-managed'], basis: `the tiers (${tiers.join(', ')}) are plans of the self-managed offering only` };
  }
  return { offerings: [...OFFERINGS], basis: OFFERINGS_UNSTATED_BASIS };
}
