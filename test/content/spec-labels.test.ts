import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegister, type Register } from '../../src/register/index.ts';
import { endpointProblems } from './spec-labels-api.ts';
import { guideProblems, readGuide, readGuides } from './spec-labels-guides.ts';
import { breakingProblems, dataProblems, entryProblems } from './spec-labels-register.ts';
import { type Sources, specSources } from './spec-sources.ts';
import { SPEC_FILE, type SpecText, specText } from './spec-text.ts';

/**
 * Provenance checked, not only present: every value the register, the API reference and the guides give as
 * the spec's (names, numbers, releases, status codes, paths, roles, scopes, quoted phrases, sample values)
 * is found in the spec, in the lines it models where that matters; what is not the spec's is labelled
 * `reference` or listed as Sunset's reading. The second half plants the wrong labels the content once had
 * and shows each is caught.
 */
let register: Register;
let spec: SpecText;
let sources: Sources;
const rawSpec = readFileSync(SPEC_FILE, 'utf8');

beforeAll(async () => {
  register = await loadRegister();
  spec = specText();
  sources = specSources(spec);
});

const entry = (id: string) => {
  const found = register.entry(id);
  if (!found) throw new Error(`no entry ${id}`);
  return structuredClone(found);
};
const endpoint = (id: string) => {
  const found = register.endpoint(id);
  if (!found) throw new Error(`no endpoint ${id}`);
  return structuredClone(found);
};

describe('values labelled spec are in the spec', () => {
  it('finds every transcribed spec item in the spec, so each fact has the spec lines it models', () => {
    expect(sources.unfound.map(({ item, fragment }) => `${item.file}: ${fragment}`)).toEqual([]);
  });

  it('traces every limit, error condition, flag, SDK row and spec endpoint to a spec item', () => {
    const ids = [
      ...register.limits.map((limit) => limit.id),
      ...register.errors.map((error) => error.id),
      ...register.flags.flags.map((flag) => flag.name),
      ...register.sdks.map((sdk) => sdk.language),
      ...register.endpoints.filter((item) => item.origin === 'spec').map((item) => item.id),
    ];
    expect(ids.filter((id) => !sources.byId.has(id))).toEqual([]);
  });

  it('finds each entry’s releases, names, code, numbers, quoted phrases and offerings in its spec lines', () => {
    expect(register.entries.flatMap((item) => entryProblems(item, register, spec, sources))).toEqual([]);
  });

  it('finds the limits, error conditions, flag history and SDK table as the spec gives them', () => {
    expect(dataProblems(register, spec, sources)).toEqual([]);
  });

  it('finds every endpoint part labelled spec: row, parameters, auth, role, statuses, schemas and examples', () => {
    expect(register.endpoints.flatMap((item) => endpointProblems(item, spec, sources, rawSpec, register.entries))).toEqual([]);
  });

  it('finds every value of a guide sample labelled spec, and every name the guides state as the spec’s', () => {
    expect(readGuides().flatMap((guide) => guideProblems(guide, spec))).toEqual([]);
  });

  it('flags as breaking only changes the spec words so that something can stop working', () => {
    const breaking = register.entries.filter((item) => item.breaking);
    expect(breaking.length).toBeGreaterThan(100);
    expect(register.entries.flatMap((item) => breakingProblems(item, sources))).toEqual([]);
  });
});

describe('a wrong label is caught', () => {
  it('a schema rule or an example said to be the spec’s, in a body the spec shows', () => {
    const load = endpoint('product-analytics-load');
    type Node = { [key: string]: unknown; properties: Record<string, Node>; items: Node };
    const body = load.request_body?.schema as unknown as Node;
    const query = body.properties.query as Node;
    delete query['x-sunset-reference-keywords'];
    delete (query.properties.measures as Node).items['x-sunset-reference-keywords'];
    (query.properties.limit as Node).default = 5000;
    (query.properties.timezone as Node).description =
      'Time zone name, such as `Europe/Berlin` (from the platform’s documentation).';
    expect(endpointProblems(load, spec, sources, rawSpec)).toEqual([
      'api product-analytics-load: body query additionalProperties false is labelled spec',
      'api product-analytics-load: body query.measures[] pattern "^[A-Za-z_][A-Za-z0-9_]*\\\\.[A-Za-z_][A-Za-z0-9_]*$" is labelled spec',
      'api product-analytics-load: body query.limit default 5000 is labelled spec',
      "api product-analytics-load: `Europe/Berlin` is said to be the platform documentation's, but the spec does not hold it",
    ]);
  });

  it('a required list, a bound, a parameter’s schema rule or a response header said to be the spec’s', () => {
    const load = endpoint('product-analytics-load');
    type Node = { [key: string]: unknown; properties: Record<string, Node>; items: Node };
    const body = load.request_body?.schema as unknown as Node;
    const query = body.properties.query as Node;
    delete body['x-sunset-reference-keywords'];
    delete (query.properties.filters as Node).items['x-sunset-reference-keywords'];
    delete (query.properties.offset as Node)['x-sunset-reference-keywords'];
    (query.properties.limit as Node).maximum = 60000;
    const project = load.parameters.find((parameter) => parameter.name === 'project_id');
    if (project) project.schema = { type: 'integer', minimum: 1, format: 'int64' };
    expect(endpointProblems(load, spec, sources, rawSpec, register.entries)).toEqual([
      'api product-analytics-load: body (the schema) required ["query"] is labelled spec',
      'api product-analytics-load: body query.filters[] required ["member","operator"] is labelled spec',
      'api product-analytics-load: body query.limit maximum 60000 is labelled spec',
      'api product-analytics-load: body query.offset minimum 0 is labelled spec',
      'api product-analytics-load: parameter project_id schema format "int64" is labelled spec',
      'api product-analytics-load: parameter project_id schema minimum 1 is labelled spec',
    ]);

    const runners = endpoint('runners-create');
    for (const response of runners.responses)
      if (response.status === 410) response.headers = { 'Retry-After': 'When to try again.' };
    expect(endpointProblems(runners, spec, sources, rawSpec, register.entries)).toEqual([
      'api runners-create: response 410 header Retry-After is labelled spec',
    ]);
  });

  it('a release, a number or a quoted phrase in a text labelled spec that the spec does not give, unless the sentence says whose', () => {
    const geo = endpoint('geo-replication-projects');
    expect(endpointProblems(geo, spec, sources, rawSpec, register.entries)).toEqual([]);
    // The 17.0 comes from the Geo row of the 17.0 table, through the entry about the route.
    expect(endpointProblems(geo, spec, sources, rawSpec)).toEqual([
      'api geo-replication-projects: summary: release 17.0 is not in its spec lines',
    ]);
    geo.summary = `${geo.summary} It answered "moved permanently" up to 16.11.`;
    expect(endpointProblems(geo, spec, sources, rawSpec, register.entries)).toEqual([
      'api geo-replication-projects: summary: release 16.11 is not in its spec lines',
      'api geo-replication-projects: summary: "moved permanently" is not in the spec',
    ]);

    const create = endpoint('error-tracking-client-keys-create');
    create.auth.description = `${create.auth.description} Keys last 30 days.`;
    expect(endpointProblems(create, spec, sources, rawSpec, register.entries)).toEqual([
      'api error-tracking-client-keys-create: auth: the number 30 is not in its spec lines',
    ]);

    const remove = endpoint('error-tracking-client-keys-delete');
    const key = remove.parameters.find((parameter) => parameter.name === 'key_id');
    if (key) key.description = key.description.replace("In the reference implementation's demo world", 'In the demo world');
    expect(endpointProblems(remove, spec, sources, rawSpec, register.entries)).toEqual([
      'api error-tracking-client-keys-delete: parameter key_id: the number 1 is not in its spec lines',
      'api error-tracking-client-keys-delete: parameter key_id: the number 401 is not in its spec lines',
    ]);
  });

  it('an API part labelled spec that the spec does not give', () => {
    const details = endpoint('error-tracking-error-details');
    const errorId = details.parameters.find((parameter) => parameter.name === 'error_id');
    if (errorId) errorId.origin = 'spec';
    expect(endpointProblems(details, spec, sources, rawSpec)).toContain(
      'api error-tracking-error-details: path parameter error_id is labelled spec but the spec does not give it here',
    );

    const geo = endpoint('geo-replication-designs');
    for (const response of geo.responses) if (response.status === 302) response.origin = 'spec';
    expect(endpointProblems(geo, spec, sources, rawSpec)).toContain('api geo-replication-designs: response 302 is labelled spec');

    const create = endpoint('error-tracking-client-keys-create');
    delete create.auth.min_role_origin;
    expect(endpointProblems(create, spec, sources, rawSpec)).toContain(
      'api error-tracking-client-keys-create: min_role maintainer is labelled spec but the spec gives no role for it',
    );

    const list = endpoint('error-tracking-errors-list');
    for (const parameter of list.parameters) if (parameter.name === 'PRIVATE-TOKEN') parameter.origin = 'spec';
    expect(endpointProblems(list, spec, sources, rawSpec)).toContain(
      'api error-tracking-errors-list: header parameter PRIVATE-TOKEN is labelled spec but the spec does not give it here',
    );

    const load = endpoint('product-analytics-load');
    const body = load.request_body?.schema as { properties: { query: { properties: { measures: { description: string } } } } };
    body.properties.query.properties.measures.description = 'Measures, written `Cube.member`.';
    expect(endpointProblems(load, spec, sources, rawSpec)).toContain(
      'api product-analytics-load: body schema names `Cube.member`, which is not in the spec',
    );
  });

  it('an entry limited to an offering, or naming a thing, the spec does not', () => {
    const database = entry('database-13-unsupported');
    delete database.readings;
    expect(entryProblems(database, register, spec, sources)).toEqual([
      'entry database-13-unsupported: offerings [self-managed] are not named in its spec lines',
    ]);

    const email = entry('email-ingestion-sidekiq-delivery-removed');
    email.readings = email.readings?.filter((reading) => reading.field !== 'names');
    expect(entryProblems(email, register, spec, sources)).toEqual([
      'entry email-ingestion-sidekiq-delivery-removed: names.settings "delivery_method" is not in its spec lines',
    ]);

    const jwt = entry('ci-job-jwt-removed');
    jwt.readings = jwt.readings?.filter((reading) => reading.field !== 'offerings');
    jwt.removed_in = '17.1';
    jwt.summary = `${jwt.summary} From 16.5 the 'old tokens' go on self-managed instances, after 30 days.`;
    expect(entryProblems(jwt, register, spec, sources)).toEqual([
      'entry ci-job-jwt-removed: removed_in 17.1 is not in its spec lines',
      'entry ci-job-jwt-removed summary: release 16.5 is not in its spec lines',
      'entry ci-job-jwt-removed summary: the number 30 is not in its spec lines',
      'entry ci-job-jwt-removed summary: "old tokens" is not in the spec',
      'entry ci-job-jwt-removed: lists every offering, which its spec lines do not name; label the list as a reading',
      'entry ci-job-jwt-removed title/summary: says "self-managed", which its spec lines do not',
    ]);
  });

  it('an entry listing every offering where the spec names none, unless the list is labelled a reading', () => {
    const lint = entry('ci-lint-ref-and-sha-blocked');
    expect(entryProblems(lint, register, spec, sources)).toEqual([]);
    lint.readings = lint.readings?.filter((reading) => reading.field !== 'offerings');
    expect(entryProblems(lint, register, spec, sources)).toEqual([
      'entry ci-lint-ref-and-sha-blocked: lists every offering, which its spec lines do not name; label the list as a reading',
    ]);
  });

  it('an entry’s offerings said to be the spec’s where only a related line, "SaaS" or "self-hosted" names one', () => {
    const runners = entry('hosted-runner-small-linux-tags-reduced');
    expect(entryProblems(runners, register, spec, sources)).toEqual([]);
    runners.readings = runners.readings?.filter((reading) => reading.field !== 'offerings');
    expect(entryProblems(runners, register, spec, sources)).toEqual([
      'entry hosted-runner-small-linux-tags-reduced: offerings [hosted] are not named in its spec lines',
      'entry hosted-runner-small-linux-tags-reduced title/summary: says "hosted", which its spec lines do not',
    ]);

    // The 16.0 list and the deletion-retention limit related to it say "hosted"; this change's own words do not.
    const deletion = entry('immediate-deletion-option-removed');
    deletion.readings = deletion.readings?.filter((reading) => reading.field !== 'offerings');
    deletion.offerings = ['hosted'];
    expect(entryProblems(deletion, register, spec, sources)).toEqual([
      'entry immediate-deletion-option-removed: offerings [hosted] are not named in its spec lines',
    ]);

    const server = entry('external-error-server-21-5-required');
    server.readings = server.readings?.filter((reading) => reading.field !== 'offerings');
    server.offerings = ['hosted'];
    expect(entryProblems(server, register, spec, sources)).toContain(
      'entry external-error-server-21-5-required: offerings [hosted] are not named in its spec lines',
    );
  });

  it('an offerings reading that says the spec names no offering where its words for the change name one', () => {
    const tags = entry('registry-repository-tags-offset-pagination-removed');
    expect(entryProblems(tags, register, spec, sources)).toEqual([]);
    for (const reading of tags.readings ?? [])
      if (reading.field === 'offerings')
        reading.because =
          'The platform’s documentation names no offering for this change; listing every offering is our reading.';
    expect(entryProblems(tags, register, spec, sources)).toEqual([
      "entry registry-repository-tags-offset-pagination-removed: its offerings reading says the platform's documentation names no offering, but its words for the change name hosted",
    ]);
  });

  it('an error condition’s or a limit’s since that the spec gives to another condition of its row, or not at all', () => {
    const changed = {
      ...register,
      limits: structuredClone(register.limits),
      errors: structuredClone(register.errors),
    } as Register;
    const byId = <T extends { id: string }>(list: T[], id: string) => list.find((item) => item.id === id) as T;
    // The row gives 17.0 to POST /api/v4/runners and 18.0 to the reset endpoints: 18.0 is ours, and said so.
    const runner = byId(changed.errors, 'runner-registration-token-gone');
    expect(runner.spec_conflict).toMatch(/18\.0, the release [^;]* is our reading/);
    runner.spec_conflict =
      'The error table dates this to 17.0; its 18.0 table lists the removal. This condition is dated 18.0, the release of the removal.';
    byId(changed.errors, 'rsa-key-too-large').since = '16.5';
    byId(changed.errors, 'funnel-after-date-unsupported').since = '16.0';
    byId(changed.limits, 'ci-parameter-length').since = '17.0';
    expect(dataProblems(changed, spec, sources)).toEqual([
      'limit ci-parameter-length: since 17.0 is not in its spec lines',
      'limit ci-parameter-length: since 17.0 is labelled spec, but the spec gives 16.0 for it',
      'error runner-registration-token-gone: since 18.0 is labelled spec, but the spec gives 17.0 for it',
      'error funnel-after-date-unsupported: since 16.0 is not in its spec lines',
      'error funnel-after-date-unsupported: since 16.0 is labelled spec, but the spec gives no release for it',
      'error rsa-key-too-large: since 16.5 is not in its spec lines',
      'error rsa-key-too-large: since 16.5 is labelled spec, but the spec gives 16.3 for it',
    ]);
  });

  it('a limit, flag or SDK row that says more than the spec', () => {
    const changed = {
      ...register,
      limits: structuredClone(register.limits),
      flags: structuredClone(register.flags),
      sdks: structuredClone(register.sdks),
    } as Register;
    const database = changed.limits.find((limit) => limit.id === 'database-version-minimum-17-0');
    if (database) database.applies_to = 'Self-managed installations';
    const dashboards = changed.flags.flags.find((flag) => flag.name === 'product_analytics_dashboards');
    if (dashboards)
      dashboards.history = dashboards.history.map((step) => (step.event === 'removed' ? { ...step, release: '17.0' } : step));
    const go = changed.sdks.find((sdk) => sdk.language === 'Go');
    if (go) go.tested_version = '0.21.0';
    const features = changed.flags.flags.find((flag) => flag.name === 'product_analytics_features');
    if (features) features.description = `${features.description} On by default from 17.7.`;
    expect(dataProblems(changed, spec, sources)).toEqual([
      'limit database-version-minimum-17-0: says "self-managed", which its spec lines do not',
      'flag product_analytics_features: release 17.7 is not in its spec lines',
      "flag product_analytics_dashboards: removed in 17.0 is not the spec's",
      "sdk Go: the row is not the spec's",
    ]);
  });

  it('a guide sample labelled spec that the spec does not show, and a guide naming what is ours as a fact', () => {
    const text = readFileSync(new URL('../../content/guides/funnels.mdx', import.meta.url), 'utf8')
      .replace('<Example title="A funnel file" origin="reference"', '<Example title="A funnel file" origin="spec"')
      .replace(
        /<ReferenceDesign>\nThe platform's documentation gives no example[\s\S]*?<\/ReferenceDesign>/,
        'Both `completed-purchase.yaml` and `Completed Purchase.yaml` name it.',
      );
    const problems = guideProblems(readGuide('funnels.mdx', text), spec);
    expect(problems).toContain('guide funnels.mdx sample "A funnel file": "3600" is labelled spec');
    expect(problems).toContain('guide funnels.mdx sample "A funnel file": "/pricing" is labelled spec');
    expect(problems).toContain("guide funnels.mdx: `completed-purchase.yaml` is stated as the spec's");
    expect(problems).toContain("guide funnels.mdx: `Completed Purchase.yaml` is stated as the spec's");
  });

  it('a breaking flag on a change the spec words as lifting a cap, dropping a button or turning a check on', () => {
    for (const id of [
      'ci-active-pipelines-limit-removed',
      'geo-project-redownload-button-removed',
      'lfs-integrity-check-always-on',
    ]) {
      const flagged = { ...entry(id), breaking: true, breaking_reason: 'Something stops working.' };
      expect(breakingProblems(flagged, sources), id).toHaveLength(1);
    }
  });
});
