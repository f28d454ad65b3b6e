import type { FunnelDefinition } from '../../../schemas/funnel-definition.ts';
import {
  dimensionType,
  EVENT_DIMENSIONS,
  EVENT_MEASURES,
  type EventDimension,
  type EventMeasure,
  humanize,
  type MemberType,
  TRACKED_EVENTS,
} from '../tracked-events.ts';

/** A funnel a project defines: its slug (the cube name), where it was read from, and its definition. */
export interface NamedFunnel {
  slug: string;
  file: string;
  definition: FunnelDefinition;
}

/** One queryable member. */
export type Member =
  | { cube: typeof TRACKED_EVENTS; kind: 'measure'; name: EventMeasure; type: 'number' }
  | { cube: typeof TRACKED_EVENTS; kind: 'dimension'; name: EventDimension; type: MemberType }
  | { cube: string; kind: 'funnel-count'; funnel: NamedFunnel; type: 'number' }
  | { cube: string; kind: 'funnel-step'; funnel: NamedFunnel; type: 'string' }
  | { cube: string; kind: 'funnel-date'; funnel: NamedFunnel; type: 'time' };

/** How the response annotation describes a member. */
export interface MemberAnnotation {
  title: string;
  shortTitle: string;
  type: MemberType;
  drillMembers?: string[];
  drillMembersGrouped?: { measures: string[]; dimensions: string[] };
}

/** The members a project can query: `TrackedEvents` plus one cube per funnel definition. */
export interface MemberCatalog {
  /** Resolves `Cube.member`, or undefined. */
  find(name: string): Member | undefined;
  /** Cube names, for messages. */
  cubes(): string[];
  /** Members of a cube, for messages. */
  membersOf(cube: string): string[];
  /** Funnel definition files that did not load, with their problems, so a query can say why a funnel is missing. */
  brokenFunnels: readonly { slug: string; message: string }[];
}

/** Builds the catalog from a project's funnels. */
export function createMemberCatalog(
  funnels: readonly NamedFunnel[],
  brokenFunnels: readonly { slug: string; message: string }[] = [],
): MemberCatalog {
  const bySlug = new Map(funnels.map((funnel) => [funnel.slug, funnel]));
  return {
    find(name) {
      const dot = name.indexOf('.');
      if (dot < 0) return undefined;
      const cube = name.slice(0, dot);
      const member = name.slice(dot + 1);
      if (cube === TRACKED_EVENTS) {
        if ((EVENT_MEASURES as readonly string[]).includes(member))
          return { cube, kind: 'measure', name: member as EventMeasure, type: 'number' };
        if ((EVENT_DIMENSIONS as readonly string[]).includes(member))
          return { cube, kind: 'dimension', name: member as EventDimension, type: dimensionType(member as EventDimension) };
        return undefined;
      }
      const funnel = bySlug.get(cube);
      if (!funnel) return undefined;
      if (member === 'count') return { cube, kind: 'funnel-count', funnel, type: 'number' };
      if (member === 'step') return { cube, kind: 'funnel-step', funnel, type: 'string' };
      if (member === 'date') return { cube, kind: 'funnel-date', funnel, type: 'time' };
      return undefined;
    },
    cubes: () => [TRACKED_EVENTS, ...bySlug.keys()],
    membersOf(cube) {
      if (cube === TRACKED_EVENTS) return [...EVENT_MEASURES, ...EVENT_DIMENSIONS].map((member) => `${cube}.${member}`);
      return bySlug.has(cube) ? ['count', 'step', 'date'].map((member) => `${cube}.${member}`) : [];
    },
    brokenFunnels,
  };
}

/** The annotation of a member, titled the way the query layer titles members without an explicit title. */
export function annotate(member: Member, name: string): MemberAnnotation {
  const short = humanize(name.slice(name.indexOf('.') + 1));
  const annotation: MemberAnnotation = { title: `${humanize(member.cube)} ${short}`, shortTitle: short, type: member.type };
  if (member.kind === 'measure' || member.kind === 'funnel-count') {
    annotation.drillMembers = [];
    annotation.drillMembersGrouped = { measures: [], dimensions: [] };
  }
  return annotation;
}
