import type { ContentProblem } from '../../register/content-error.ts';
import type { PlatformContext } from '../platform/context.ts';
import type { StateStore } from '../platform/state-store.ts';
import type { Project } from '../platform/world.ts';
import type { FunnelDefinitions } from './funnels/funnel-definitions.ts';
import { createMemberCatalog, type MemberCatalog } from './query/member-catalog.ts';
import { createUsageLedger, type UsageLedger } from './quota/usage-ledger.ts';
import type { RepositoryFiles } from './repository/repository-files.ts';
import { MANAGED_REGION, type Offering, type OnboardingRecord } from './settings/onboarding.ts';
import type { ProviderValues } from './settings/provider-settings.ts';
import { createEventStore, type EventStore } from './store/event-store.ts';
import type { TrackedEvent } from './tracked-events.ts';

/** Everything the analytics module keeps: events per project, settings, onboarding, usage, definitions. */
export interface AnalyticsState {
  platform: PlatformContext;
  offering: Offering;
  /** The project's events (created empty on first use). */
  store(projectId: number): EventStore;
  /**
   * The project's queryable members, and the problems of definition files that did not load. The YAML
   * reader is loaded only when a repository's funnels were not read ahead (`funnelDefinitions`) or changed.
   */
  catalog(projectId: number): Promise<{ catalog: MemberCatalog; problems: ContentProblem[] }>;
  /** The project's repository files (funnel, visualization and dashboard definitions); empty when it has none. */
  repository(projectId: number): RepositoryFiles;
  /**
   * Writes one file of the project's repository, or removes it when `text` is undefined, and re-reads the
   * project's funnel definitions on the next query. The change lives in memory only, like the fixture
   * repository itself: it is how a playground queries a definition it is editing.
   */
  writeRepositoryFile(projectId: number, file: string, text: string | undefined): void;
  /** The tracking app id of a project: its name (reference design; project 1's is `demo-app`). */
  appIdOf(project: Project): string;
  /** The project an app id belongs to. */
  projectOfAppId(appId: string): Project | undefined;
  onboarding(projectId: number): OnboardingRecord | undefined;
  setOnboarding(projectId: number, record: OnboardingRecord): void;
  instanceValues(): ProviderValues;
  setInstanceValues(values: ProviderValues): void;
  projectValues(projectId: number): ProviderValues;
  setProjectValues(projectId: number, values: ProviderValues): void;
  ledger: UsageLedger;
  /** Stores accepted events of one project and counts them toward the usage quota at `receivedAt`. */
  ingest(project: Project, events: readonly TrackedEvent[], receivedAt: number): void;
  /**
   * Stores one request's accepted events, per project, with their usage counts, as one commit: the journal
   * entries and the counters are kept together or not at all, and memory changes only once they are kept.
   */
  ingestBatch(parts: readonly ProjectEvents[], receivedAt: number): void;
}

/** Accepted events of one project. */
export interface ProjectEvents {
  project: Project;
  events: readonly TrackedEvent[];
}

/** The journal entry of tracked events one request brought to one project. */
export interface AnalyticsJournalEntry {
  kind: 'tracked';
  projectId: number;
  events: TrackedEvent[];
  receivedAt: number;
}

/** Options of the analytics state. */
export interface AnalyticsStateOptions {
  state: StateStore;
  offering: Offering;
  configDir: string;
  /** Each project's repository, by project id. */
  repositories: Record<number, RepositoryFiles>;
  /**
   * Each project's funnel definitions as already read from its repository (the site build reads them, so
   * the browser needs no YAML parser until a definition is written). Dropped for a project once one of its
   * files is written.
   */
  funnelDefinitions?: Record<number, FunnelDefinitions>;
}

const INITIALISED = 'analytics/initialised';

/**
 * Creates the state. On a fresh state store, project 1 starts onboarded (the managed provider on the hosted
 * offering; a self-managed provider from example instance settings elsewhere) and project 2 does not.
 */
export function createAnalyticsState(platform: PlatformContext, options: AnalyticsStateOptions): AnalyticsState {
  const { state } = options;
  const stores = new Map<number, EventStore>();
  type CatalogEntry = { catalog: MemberCatalog; problems: ContentProblem[] };
  const catalogs = new Map<number, Promise<CatalogEntry>>();
  const readAhead = new Map(Object.entries(options.funnelDefinitions ?? {}).map(([id, read]) => [Number(id), read]));
  const readCatalog = async (projectId: number): Promise<CatalogEntry> => {
    const files = result.repository(projectId);
    const definitions =
      readAhead.get(projectId) ??
      (await import('./funnels/funnel-definitions.ts')).readFunnelDefinitions(files, options.configDir);
    return { catalog: createMemberCatalog(definitions.funnels, definitions.broken), problems: definitions.problems };
  };
  const repositories = new Map(Object.entries(options.repositories).map(([id, files]) => [Number(id), files]));
  const projects = platform.fixtures.projects;
  const appIdOf = (project: Project) => project.name;

  const result: AnalyticsState = {
    platform,
    offering: options.offering,
    store(projectId) {
      let store = stores.get(projectId);
      if (!store) {
        store = createEventStore();
        stores.set(projectId, store);
      }
      return store;
    },
    catalog(projectId) {
      let entry = catalogs.get(projectId);
      if (!entry) {
        entry = readCatalog(projectId);
        catalogs.set(projectId, entry);
        // A failed read is not kept, so the next query tries again.
        const reading = entry;
        reading.catch(() => {
          if (catalogs.get(projectId) === reading) catalogs.delete(projectId);
        });
      }
      return entry;
    },
    repository: (projectId) => repositories.get(projectId) ?? new Map(),
    writeRepositoryFile(projectId, file, text) {
      const files = new Map(result.repository(projectId));
      if (text === undefined) files.delete(file);
      else files.set(file, text);
      repositories.set(projectId, files);
      readAhead.delete(projectId);
      catalogs.delete(projectId);
    },
    appIdOf,
    projectOfAppId: (appId) => projects.find((project) => appIdOf(project) === appId),
    onboarding: (projectId) => state.get<OnboardingRecord>(`analytics/onboarding/${projectId}`),
    setOnboarding: (projectId, record) => state.set(`analytics/onboarding/${projectId}`, record),
    instanceValues: () => state.get<ProviderValues>('analytics/settings/instance') ?? {},
    setInstanceValues: (values) => state.set('analytics/settings/instance', values),
    projectValues: (projectId) => state.get<ProviderValues>(`analytics/settings/project/${projectId}`) ?? {},
    setProjectValues: (projectId, values) => {
      if (Object.keys(values).length === 0) state.delete(`analytics/settings/project/${projectId}`);
      else state.set(`analytics/settings/project/${projectId}`, values);
    },
    ledger: createUsageLedger(state),
    ingest: (project, events, receivedAt) => result.ingestBatch([{ project, events }], receivedAt),
    ingestBatch(parts, receivedAt) {
      const journal: AnalyticsJournalEntry[] = parts.map(({ project, events }) => ({
        kind: 'tracked',
        projectId: project.id,
        events: [...events],
        receivedAt,
      }));
      const counts = parts.map(({ project, events }) => ({ projectId: project.id, at: receivedAt, count: events.length }));
      // Kept first: a batch the host cannot keep (it throws) is neither stored nor counted.
      state.commit({ set: result.ledger.totalsAfter(counts), journal });
      for (const { project, events } of parts) {
        const store = result.store(project.id);
        for (const event of events) store.append(event);
      }
    },
  };

  if (!state.get(INITIALISED)) {
    const onboardedAt = new Date(platform.clock.now()).toISOString();
    if (options.offering === 'hosted') {
      result.setOnboarding(1, { provider: 'managed', region: MANAGED_REGION, onboarded_at: onboardedAt });
    } else {
      result.setInstanceValues({
        collector_host: 'https://collector.example.com',
        query_api_url: 'https://query.example.com',
        query_api_key: 'example-query-key',
        configurator_connection_string: 'https://configurator:example-secret@configurator.example.com',
      });
      result.setOnboarding(1, { provider: 'self_managed', onboarded_at: onboardedAt });
    }
    state.set(INITIALISED, true);
  }
  return result;
}
