import { z } from 'zod';

/** How much a change affects the instances it reaches, as the platform's data grades it. */
export const importedImpactSchema = z.enum(['critical', 'high', 'medium', 'low']);

/** Where a change is handled: across the instance, in each group, or in each project. */
export const importedScopeSchema = z.enum(['instance', 'group', 'project']);

/** The least role that can resolve a change, as the platform's data names it ("who must act"). */
export const resolutionRoleSchema = z.enum(['Admin', 'Owner', 'Maintainer', 'Developer']);

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'a date is written YYYY-MM-DD' });
const urlSchema = z.url({ protocol: /^https?$/, error: 'a link is an http or https URL' });

/** The `offerings_basis` of an item that names no offering: its entry lists every offering by default. */
export const OFFERINGS_UNSTATED_BASIS = 'the item does not say which offerings it applies to, so every offering is listed';

/** One field on which an attached item and its entry differ, with both values as text. */
export const sourceDisagreementSchema = z.strictObject({
  /** The entry field concerned. */
  field: z.enum(['breaking', 'removed_in', 'announced_in', 'offerings']),
  /** What the platform's item says. */
  platform: z.string().min(1),
  /** What the entry says. */
  register: z.string().min(1),
});

/** One field on which an attached item and its entry differ. */
export type SourceDisagreement = z.infer<typeof sourceDisagreementSchema>;

/**
 * One item of the platform's own deprecation data that a register entry was made from (`sunset import`),
 * with the fields of that item the entry's own fields do not hold. Every field but `file` and `item` is
 * present only when the item gave it.
 */
export const importedSourceSchema = z.strictObject({
  /** The data file the item was read from, as given to `sunset import` (forward slashes). */
  file: z.string().min(1),
  /** The item's place in that file's list, from 0. */
  item: z.number().int().nonnegative(),
  /** The line the item starts on in that file. */
  line: z.number().int().positive().optional(),
  /** The id of the entry the item was imported as, when it is attached to another entry by a merge. */
  entry: z.string().min(1).optional(),
  /** The item's title, when it is attached to an entry whose own title differs. */
  title: z.string().min(1).optional(),
  /** The register folder the item came from, when it is attached to another entry by a merge. */
  register: z.string().min(1).optional(),
  /** The issue where the platform tracks the change. */
  issue_url: urlSchema.optional(),
  /** The platform's documentation page for the change. */
  documentation_url: urlSchema.optional(),
  /** The date the change was announced, where the item gives one. */
  announcement_date: dateSchema.optional(),
  /** The date the change takes effect, where the item gives one. */
  removal_date: dateSchema.optional(),
  /** The platform's product stage the change belongs to, as written (the entry's area is made from it). */
  stage: z.string().min(1).optional(),
  /** The subscription tiers the item lists, as written. */
  tiers: z.array(z.string().min(1)).optional(),
  /** The platform's breaking-change window on its hosted offering, as the item numbers it. */
  window: z.number().int().nonnegative().optional(),
  /** How much the change affects the instances it reaches. */
  impact: importedImpactSchema.optional(),
  /** Where the change is handled: instance, group and/or project. */
  scope: z.array(importedScopeSchema).min(1).optional(),
  /** Who must act: the least role that can resolve the change. */
  resolution_role: resolutionRoleSchema.optional(),
  /** True when resolving the change takes a manual step; false when the API or other automation can do it. */
  manual_task: z.boolean().optional(),
  /**
   * Why the entry lists the offerings it does (Sunset's reading of the item): the phrase of the text or the
   * tiers that restrict it, or that the item does not say, in which case the entry lists every offering.
   */
  offerings_basis: z.string().min(1).optional(),
  /**
   * Why the entry has the kind it has, when Sunset read it from the item's words (the data has no kind
   * field): the phrase that made it a behaviour change, a rename or a deprecation. Absent when the item
   * reads as a removal, the platform's own word for its list.
   */
  kind_basis: z.string().min(1).optional(),
  /** The item's other fields, kept as they were (anything the mapping does not know). */
  extra: z.record(z.string(), z.unknown()).optional(),
  /**
   * Why a merge attached this item to the entry: each piece of evidence in words (a shared tracking
   * issue or documentation link, the same title, shared identifying names with titles that agree).
   */
  evidence: z.array(z.string().min(1)).min(1).optional(),
  /**
   * Where the item and the entry it was attached to say different things: the field, the item's value and
   * the entry's, as text. Both are shown wherever the entry is; neither is chosen quietly.
   */
  disagreements: z.array(sourceDisagreementSchema).min(1).optional(),
});

/** One imported item that a register entry was made from, or that a merge attached to an entry. */
export type ImportedSource = z.infer<typeof importedSourceSchema>;

/**
 * The fields register entries carry for registers beyond the built-in one: an entry written by
 * `sunset import` says `origin: imported` and has exactly one source; a built-in entry that imported items
 * describe gets them as sources when registers are merged (see src/register/merge/).
 */
export const importedEntryFields = {
  /** `imported` for an entry made from the platform's own data by `sunset import`; absent for the register's own. */
  origin: z.literal('imported').optional(),
  /** The platform's items this entry was made from, or that describe it. */
  sources: z.array(importedSourceSchema).min(1).optional(),
};
