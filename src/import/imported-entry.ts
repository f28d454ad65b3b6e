/**
 * An item of the platform's data as a register entry. Every field comes from the item: the title, the
 * milestones (announced in, takes effect in), the breaking flag, the area from the stage, offerings only
 * where the field, text or tiers restrict them (offerings-reading.ts), the kind as Sunset reads the words
 * (kind-reading.ts, its basis kept on the source), the body as the summary, identifiers the
 * body shows in code as names, and the rest (links, who must act, impact, scope, manual task, dates,
 * unknown fields) in the entry's one source. The entry's migration only points back to the item: the
 * item says what to do in its own words.
 */
import type { Area } from '../schemas/area.ts';
import type { ImportedSource } from '../schemas/imported-source.ts';
import type { Names } from '../schemas/names.ts';
import type { RegisterEntryInput } from '../schemas/register-entry.ts';
import { type CodeIdentifier, codeIdentifiers, NAME_CATEGORY } from './code-identifiers.ts';
import { slug } from './entry-ids.ts';
import { readKind } from './kind-reading.ts';
import { readOfferings } from './offerings-reading.ts';
import type { PlatformItem } from './platform-item.ts';

/** The one line every breaking imported entry gives: the flag is the platform's, not Sunset's reading. */
export const IMPORTED_BREAKING_REASON = "The platform's own deprecation data marks this as a breaking change.";

/** The area an item is filed under: its stage, or "no stage" when it names none. */
export function stageArea(stage: string | undefined): Area {
  const name = stage?.trim();
  if (!name || !slug(name)) {
    return {
      id: 'stage-none',
      title: 'No stage given',
      description: "Imported changes whose item in the platform's data names no product stage.",
    };
  }
  const title = `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  return {
    id: `stage-${slug(name)}`,
    title: `${title} stage`,
    description: `Imported changes that the platform's deprecation data files under its ${title} stage.`,
  };
}

function namesOf(identifiers: readonly CodeIdentifier[]): Names {
  const names: Names = {};
  for (const identifier of identifiers) {
    const category = NAME_CATEGORY[identifier.kind];
    const list = names[category] ?? [];
    if (!list.includes(identifier.name)) list.push(identifier.name);
    names[category] = list;
  }
  return names;
}

function migrationOf(item: PlatformItem): string {
  const links = [
    item.documentationUrl ? `[the platform's documentation](${item.documentationUrl})` : undefined,
    item.issueUrl ? `[the tracking issue](${item.issueUrl})` : undefined,
  ].filter((link) => link !== undefined);
  const lines = [
    `Follow the platform's announcement above${links.length > 0 ? `; see also ${links.join(' and ')}` : ''}.`,
    item.resolutionRole ? `Who must act: a user with the ${item.resolutionRole} role.` : undefined,
    item.manualTask === true ? 'It takes a manual step.' : undefined,
    item.manualTask === false ? 'The platform says the API or other automation can do it.' : undefined,
  ];
  return lines.filter((line) => line !== undefined).join(' ');
}

/** The source block of an imported entry. */
export function sourceOf(item: PlatformItem, offeringsBasis: string, kindBasis?: string): ImportedSource {
  const source: ImportedSource = { file: item.file, item: item.index, line: item.line };
  const optional: Partial<ImportedSource> = {
    issue_url: item.issueUrl,
    documentation_url: item.documentationUrl,
    announcement_date: item.announcementDate,
    removal_date: item.removalDate,
    stage: item.stage,
    tiers: item.tiers,
    window: item.window,
    impact: item.impact,
    scope: item.scope,
    resolution_role: item.resolutionRole,
    manual_task: item.manualTask,
    offerings_basis: offeringsBasis,
    kind_basis: kindBasis,
    extra: Object.keys(item.extra).length > 0 ? item.extra : undefined,
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) Object.assign(source, { [key]: value });
  return source;
}

/** The register entry made from one checked item under the id it was given. */
export function importedEntry(item: PlatformItem, id: string): RegisterEntryInput {
  const { offerings, basis } = readOfferings(item.title, item.body, item.tiers, item.impactOffering);
  const kind = readKind(item.title, item.body);
  return {
    id,
    title: item.title,
    area: stageArea(item.stage).id,
    kind: kind.kind,
    ...(kind.from && kind.to ? { from: kind.from, to: kind.to } : {}),
    removed_in: item.removal,
    ...(item.announcement ? { announced_in: item.announcement } : {}),
    breaking: item.breaking,
    ...(item.breaking ? { breaking_reason: IMPORTED_BREAKING_REASON } : {}),
    offerings,
    summary: item.body,
    migration: migrationOf(item),
    names: namesOf(codeIdentifiers(item.title, item.body)),
    origin: 'imported',
    sources: [sourceOf(item, basis, kind.basis)],
  };
}
