/**
 * The data the in-browser reference implementation starts from, which the site build writes to
 * `/reference-data.json`: the register's share that drives versioned behaviour, and each demo project's
 * fixture repository. The browser reads no files, so everything the Node hosts read from `content/` comes
 * through here.
 */
import type { ApiEndpoint } from '../../schemas/api-endpoint.ts';
import type { RegisterEntry } from '../../schemas/register-entry.ts';
import type { ReleaseInfo } from '../../schemas/releases-file.ts';
import type { FunnelDefinitions } from '../analytics/funnels/funnel-definitions.ts';
import type { RepositoryFiles } from '../analytics/repository/repository-files.ts';
import type { RegisterLimit } from '../platform/reference-limits.ts';
import type { EndpointRoute, EnforcedEntry, VersionedRegister } from '../versioned/versioned-behaviour.ts';

/** Where the site publishes the data, relative to its base. */
export const REFERENCE_DATA_PATH = 'reference-data.json';

/**
 * Where the site publishes the fixture repositories, relative to its base. They are a document of their
 * own because only the dashboard and funnel playgrounds read them; a console's first Send does not load them.
 */
export const REFERENCE_REPOSITORIES_PATH = 'reference-repositories.json';

/** The fixture repositories' document. */
export interface ReferenceRepositories {
  /** Raised when a field is removed or changes meaning. */
  schema_version: 1;
  /** Each project's fixture repository by project id: path → text. */
  repositories: Record<string, Record<string, string>>;
}

/** The JSON document. Repositories are plain objects (path → text) because JSON has no maps. */
export interface ReferenceData {
  /** Raised when a field is removed or changes meaning. */
  schema_version: 1;
  /** Entries that carry `enforcement` (the others change no answer), every release and every endpoint's route. */
  register: {
    /** Only what the reference reads: id, releases, enforcement rules. */
    entries: EnforcedEntry[];
    releases: ReleaseInfo[];
    /** Only the route: titles, parameters and responses are for the pages, and would be most of the document. */
    endpoints: EndpointRoute[];
    settings: { site_url: string };
    /** The limits whose figures the reference enforces (id and `number`). */
    limits: RegisterLimit[];
  };
  /** `{config_dir}` of the fixture repositories. */
  config_dir: string;
  /**
   * Each project's fixture repository by project id. The published document leaves them out (they are
   * `/reference-repositories.json`); the browser adds them when a page asks for them.
   */
  repositories?: Record<string, Record<string, string>>;
  /**
   * Each repository's funnel definitions as the build read them, by project id, so the browser loads a YAML
   * parser only when a definition is written. Absent in documents from older builds (then it reads the YAML).
   */
  funnels?: Record<string, FunnelDefinitions>;
}

/** What the site build has at hand to write the document. */
export interface ReferenceDataSource {
  entries: readonly RegisterEntry[];
  releases: readonly ReleaseInfo[];
  endpoints: readonly ApiEndpoint[];
  /** The register's limits; only those with a `number` are written. */
  limits: readonly RegisterLimit[];
  siteUrl: string;
  configDir: string;
  /** The fixture repositories, when the document is to carry them (the local server's worlds). */
  repositories?: Record<number, RepositoryFiles>;
  /** Each repository's funnel definitions as read by `readFunnelDefinitions`; without them the YAML is read on first query. */
  funnels?: Record<number, FunnelDefinitions>;
}

/** Builds the document; entries without enforcement rules and everything but endpoints' routes are left out to keep it small. */
export function buildReferenceData(source: ReferenceDataSource): ReferenceData {
  return {
    schema_version: 1,
    register: {
      entries: source.entries
        .filter((entry) => entry.enforcement !== undefined)
        .map(({ id, removed_in, announced_in, enforcement }) => ({
          id,
          removed_in,
          ...(announced_in !== undefined ? { announced_in } : {}),
          enforcement,
        })),
      releases: [...source.releases],
      endpoints: source.endpoints.map(({ id, method, path }) => ({ id, method, path })),
      settings: { site_url: source.siteUrl },
      limits: source.limits.filter((limit) => limit.number !== undefined).map(({ id, number }) => ({ id, number })),
    },
    config_dir: source.configDir,
    ...(source.repositories ? { repositories: plainRepositories(source.repositories) } : {}),
    ...(source.funnels ? { funnels: { ...source.funnels } } : {}),
  };
}

/** Repositories as JSON holds them: plain objects (path → text), since JSON has no maps. */
function plainRepositories(repositories: Record<number, RepositoryFiles>): Record<string, Record<string, string>> {
  return Object.fromEntries(Object.entries(repositories).map(([id, files]) => [id, Object.fromEntries(files)]));
}

/** Builds the fixture repositories' document. */
export function buildReferenceRepositories(repositories: Record<number, RepositoryFiles>): ReferenceRepositories {
  return { schema_version: 1, repositories: plainRepositories(repositories) };
}

/** Checks the fetched repositories' document's version, like {@link readReferenceData}. */
export function readReferenceRepositories(json: unknown, url: string): ReferenceRepositories {
  const document = json as { schema_version?: unknown; repositories?: unknown } | null;
  if (document?.schema_version !== 1 || typeof document.repositories !== 'object' || document.repositories === null) {
    throw new Error(
      `${url}: expected fixture repositories with schema_version 1, got ${JSON.stringify(document?.schema_version)}; rebuild the site`,
    );
  }
  return document as ReferenceRepositories;
}

/** The register part, as `createReference` takes it. */
export function versionedRegister(data: ReferenceData): VersionedRegister {
  return data.register;
}

/** The repositories as the analytics module takes them. */
export function fixtureRepositories(data: ReferenceData): Record<number, RepositoryFiles> {
  return Object.fromEntries(
    Object.entries(data.repositories ?? {}).map(([id, files]) => [Number(id), new Map(Object.entries(files))]),
  );
}

/** The funnel definitions read at build time, by project id, as the analytics module takes them. */
export function readAheadFunnels(data: ReferenceData): Record<number, FunnelDefinitions> {
  return Object.fromEntries(Object.entries(data.funnels ?? {}).map(([id, definitions]) => [Number(id), definitions]));
}

/** Checks the fetched document's version, so an old cached copy fails with a message rather than oddly. */
export function readReferenceData(json: unknown, url: string): ReferenceData {
  const version = (json as { schema_version?: unknown } | null)?.schema_version;
  if (version !== 1) {
    throw new Error(`${url}: expected reference data with schema_version 1, got ${JSON.stringify(version)}; rebuild the site`);
  }
  return json as ReferenceData;
}
