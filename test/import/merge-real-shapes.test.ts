/**
 * Items in the platform's shape that meet the built-in register (test/fixtures/platform-merge), imported
 * and merged as `sunset plan --register` would: each goes to the one entry it describes, with its
 * evidence; items of another release merge with the release shown as a conflict; breaking flags that
 * disagree are kept with both values; duplicates among the items merge; and `sunset import --explain`
 * says all of it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../src/import/run-import.ts';
import { loadRegister, type Register } from '../../src/register/index.ts';
import type { RegisterConflict } from '../../src/register/merge/merge-registers.ts';
import { mergeRegisterFolders } from '../../src/register/merge/register-folders.ts';
import { buildPlan } from '../../src/register/plan/build-plan.ts';
import { renderPlanHtml } from '../../src/register/plan/render/plan-html.ts';
import { planToMarkdown } from '../../src/register/plan/render/plan-markdown.ts';
import { planText } from '../../src/register/plan/render/plan-text.ts';
import { runCli } from '../check/run-cli.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/platform-merge');
const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-merge-shapes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Each merge the fixtures must make: the item's id, the entry it goes to, and the kind of evidence. */
const MERGES: [item: string, entry: string, evidence: RegExp][] = [
  ['17-0-cirunner-fields-duplicated', 'graphql-ci-runner-fields-moved-to-runner-manager', /^shared names .*`cirunnermanager`/],
  ['17-0-runner-projects-sort', 'graphql-ci-runner-projects-default-sort-id-desc', /^shared names .*`cirunner\.projects`/],
  ['17-0-runner-exec', 'runner-exec-command-removed', /^shared names `gitlab-runner exec`$/],
  ['17-0-termination-grace-period', 'runner-termination-grace-period-seconds-replaced', /`terminationgraceperiodseconds`/],
  ['16-0-notes-confidentiality', 'notes-confidentiality-toggle-unsupported', /^titles with the same words/],
  ['16-0-postgresql-12', 'database-12-unsupported', /^shared names `12`$/],
  ['17-0-postgresql-13', 'database-13-unsupported', /^shared names `13`$/],
  ['16-0-self-monitoring', 'self-monitoring-project-removed', /^titles with the same words/],
  ['18-0-job-token-limit', 'job-token-limit-setting-removed', /^shared names `limit`/],
  ['16-0-runner-reset-token-endpoints', 'runner-reset-registration-token-endpoints-gone', /^shared names `\/groups/],
  ['17-0-log-forwarding-b', '17-0-log-forwarding-a', /^both link to tracker\.platform\.example\.com/],
];

let register: Register;
let conflicts: RegisterConflict[];
beforeAll(async () => {
  const out = path.join(work, 'imported');
  runImport({ inputs: ['data/deprecations'], cwd: FIXTURE, out });
  ({ register, conflicts } = await mergeRegisterFolders(await loadRegister(), [out], work));
}, 60_000);

const holderOf = (item: string) => register.entries.filter((entry) => entry.sources?.some((source) => source.entry === item));

describe('merging real shapes into the built-in register', () => {
  it.each(MERGES)('attaches %s to %s only, with its evidence', (item, entry, evidence) => {
    expect(register.entry(item)).toBeUndefined();
    expect(holderOf(item).map((holder) => holder.id)).toEqual([entry]);
    const source = holderOf(item)[0]?.sources?.find((candidate) => candidate.entry === item);
    expect(source?.evidence?.[0]).toMatch(evidence);
  });

  it('keeps the items that describe nothing the register has as entries of their own', () => {
    for (const id of ['17-0-redis-6', '17-0-self-managed-dashboards', '17-0-log-forwarding-a']) {
      expect(register.entry(id)?.origin, id).toBe('imported');
    }
  });

  it('does not attach the duplicated-fields item to the sort entry, which shares only `CiRunner`', () => {
    const sort = register.entry('graphql-ci-runner-projects-default-sort-id-desc');
    expect(sort?.sources?.map((source) => source.entry)).toEqual(['17-0-runner-projects-sort']);
  });

  it('attaches no item to two entries', () => {
    const attached = register.entries.flatMap((entry) =>
      (entry.sources ?? []).flatMap((source) => (source.entry ? [source.entry] : [])),
    );
    expect(new Set(attached).size).toBe(attached.length);
    expect(attached).toHaveLength(MERGES.length);
  });

  it('reports the releases the items of another release disagree on, and the two breaking flags', () => {
    const messages = conflicts.map((conflict) => `${conflict.subject}: ${conflict.message.replace(/^.*?, but on /, '')}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        "runner-reset-registration-token-endpoints-gone: takes effect in: the platform's data says 16.0; this register says 18.0",
        "notes-confidentiality-toggle-unsupported: takes effect in: the platform's data says 16.0; this register says 18.0",
        "graphql-ci-runner-projects-default-sort-id-desc: breaking: the platform's data says breaking; this register says not breaking",
        "job-token-limit-setting-removed: breaking: the platform's data says breaking; this register says not breaking",
      ]),
    );
    expect(messages).toHaveLength(4);
    expect(register.entry('runner-reset-registration-token-endpoints-gone')?.sources?.[0]?.disagreements).toEqual([
      { field: 'removed_in', platform: '16.0', register: '18.0' },
    ]);
  });

  it('reads the fields right: impact_offering, a title opening with an offering, the kind, a milestone as written', () => {
    const redis = register.entry('17-0-redis-6');
    expect(redis?.offerings).toEqual(['self-managed']);
    expect(redis?.sources?.[0]).toMatchObject({
      offerings_basis: 'the item\'s impact_offering field says "self-managed"',
      extra: { end_of_support_milestone: '17.0' },
      file: '17-0-redis-6.yml',
    });
    expect(register.entry('17-0-self-managed-dashboards')?.offerings).toEqual(['self-managed']);
    // The sort item reads as a behaviour change, not a removal; the entry it merged into keeps its own kind.
    const sortItem = runImport({ inputs: ['data/deprecations/17-0-runner-projects-sort.yml'], cwd: FIXTURE }).entries[0];
    expect(sortItem?.kind).toBe('behavior-change');
    expect(sortItem?.sources?.[0]?.kind_basis).toBe('the title says "Default"');
  });
});

describe('disagreements in plans and checklists', () => {
  const plain = { bold: (text: string) => text, dim: (text: string) => text, red: (text: string) => text };
  const ids = (groups: { items: { key: string }[] }[]) => groups.flatMap((group) => group.items.map((item) => item.key));

  it('lists an entry the platform dates inside the range though the register files it later, with both releases', () => {
    const plan = buildPlan(register, { from: '15.11', to: '16.3' });
    expect(ids(plan.mustDo)).toContain('runner-reset-registration-token-endpoints-gone');
    expect(ids(plan.planAhead)).not.toContain('runner-reset-registration-token-endpoints-gone');
    const both = "disagreement on takes effect in: the platform's data says 16.0; this register says 18.0";
    expect(planText(plan, 'https://s.example', plain)).toContain(both);
    expect(planToMarkdown(plan, { siteUrl: 'https://s.example' })).toContain(
      `Disagreement on takes effect in: the platform's data says 16.0; this register says 18.0`,
    );
    expect(renderPlanHtml(plan)).toContain(
      '<p class="platform-disagreement"><strong>Disagreement</strong> on takes effect in: the platform&#39;s data says 16.0; this register says 18.0</p>',
    );
    // Without the item, the entry is only planned ahead.
    const before = buildPlan(
      {
        ...register,
        entries: register.entries.map((entry) => ({ ...entry, sources: undefined })),
        removedBetween: register.removedBetween,
      },
      { from: '15.11', to: '16.3' },
    );
    expect(ids(before.mustDo)).not.toContain('runner-reset-registration-token-endpoints-gone');
  });

  it('shows a breaking flag the two disagree on in the checklist of its release', () => {
    const plan = buildPlan(register, { from: '16.11', to: '17.0' });
    const text = planText(plan, 'https://s.example', plain);
    expect(text).toContain("disagreement on breaking: the platform's data says breaking; this register says not breaking");
  });
});

describe('sunset import --explain', () => {
  it('prints every merge with its evidence and disagreements, without --out', async () => {
    const result = await runCli(['import', 'data/deprecations', '--explain'], FIXTURE);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '16-0-runner-reset-token-endpoints (16-0-runner-reset-token-endpoints.yml:1) merges into built-in entry runner-reset-registration-token-endpoints-gone\n',
    );
    expect(result.stdout).toContain("  disagrees on takes effect in: the platform's data says 16.0; this register says 18.0\n");
    expect(result.stdout).toContain(
      '17-0-log-forwarding-b (17-0-log-forwarding-b.yml:1) merges into imported entry 17-0-log-forwarding-a (a duplicate)\n  evidence: both link to',
    );
    expect(result.stdout).toContain(`${MERGES.length} item(s) merge; 3 stay entries of their own.`);
    for (const [item, entry] of MERGES)
      expect(result.stdout).toMatch(new RegExp(`^${item} \\(.*\\) merges into .*${entry}`, 'm'));
  });
});
