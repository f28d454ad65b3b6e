/**
 * The fixture checkout (test/fixtures/platform), imported as a user would: what every file must give,
 * that the entries written load as a register folder, and what importing again keeps.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runImport } from '../../src/import/run-import.ts';
import { readRegisterFolder } from '../../src/register/merge/read-register-folder.ts';
import { DEPRECATIONS, PLATFORM } from './fixture-data.ts';

const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-import-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const files = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.yaml'))
    .sort();
const importInto = (out: string, cwd = PLATFORM, inputs = ['data/deprecations']) =>
  runImport({ inputs, cwd, out, upgradePath: path.join(cwd, 'config', 'upgrade_path.yml') });

describe('importing the fixture checkout', () => {
  const out = path.join(work, 'imported');
  const result = importInto(out);

  it('has at least 40 data files, and reads every one but the two that are not lists of items', () => {
    expect(readdirSync(DEPRECATIONS).filter((name) => name.endsWith('.yml')).length).toBeGreaterThanOrEqual(40);
    expect(result.files).toBe(45);
    expect(result.unreadFiles).toBe(2);
    expect(result.itemsRead).toBe(52);
  });

  it('writes one entry per good item and counts the rest by reason', () => {
    expect(result.written).toBe(38);
    expect(result.skipped).toEqual({
      'yaml-error': 2,
      placeholder: 3,
      'missing-field': 3,
      'malformed-field': 7,
      'duplicate-title': 1,
    });
  });

  it('says where each left-out item is, and why', () => {
    const where = result.problems.map((problem) => `${path.basename(problem.file)}:${problem.line} ${problem.reason}`);
    expect(where).toEqual([
      '16-3-placeholder-removal.yml:3 placeholder',
      '16-4-missing-removal.yml:1 missing-field',
      '16-6-yaml-error.yml:1 yaml-error',
      '16-7-duplicate-title-b.yml:1 duplicate-title',
      '17-0-announced-after-removal.yml:2 malformed-field',
      '17-0-bad-impact.yml:6 malformed-field',
      '17-1-not-a-mapping.yml:1 malformed-field',
      '17-2-comment-only-body.yml:5 missing-field',
      '17-3-placeholder-date.yml:3 placeholder',
      '17-8-scope-malformed.yml:6 malformed-field',
      '18-4-not-a-list.yml:1 yaml-error',
      '18-5-missing-title.yml:1 missing-field',
      '18-6-bad-link.yml:6 malformed-field',
      '18-7-patch-milestone.yml:3 malformed-field',
      '18-8-breaking-as-text.yml:4 malformed-field',
      '19-2-multi-item-mixed.yml:11 placeholder',
    ]);
    expect(result.problems.every((problem) => problem.file.startsWith('data/deprecations/'))).toBe(true);
  });

  it('never reads the templates folder', () => {
    expect(result.entries.some((entry) => entry.sources?.[0]?.file.includes('templates'))).toBe(false);
  });

  it('writes a register folder that loads: entries by release, areas from the stages, the upgrade stops', async () => {
    const folder = await readRegisterFolder(out, work);
    expect(folder.problems).toEqual([]);
    expect(folder.entries).toHaveLength(38);
    expect(folder.entries.every((entry) => entry.origin === 'imported' && entry.sources?.length === 1)).toBe(true);
    expect(folder.areas.map((area) => area.id)).toContain('stage-verify');
    expect(folder.areas.find((area) => area.id === 'stage-none')?.title).toBe('No stage given');
    expect(folder.stops.map((stop) => stop.release)).toEqual([
      '15.0',
      '15.4',
      '15.11',
      '16.3',
      '16.7',
      '16.11',
      '17.1',
      '17.3',
      '17.5',
      '17.8',
      '17.11',
      '18.2',
      '18.5',
    ]);
    expect(files(path.join(out, 'register'))).toContain(path.join('18.0', '15-6-runner-registration-flags.yaml'));
  });

  it('maps every field of an item of the new field set', () => {
    const entry = result.entries.find((candidate) => candidate.id === '17-3-dates');
    expect(entry).toEqual({
      id: '17-3-dates',
      title: 'Personal access tokens without an expiry date',
      area: 'stage-govern',
      kind: 'removal',
      removed_in: '18.0',
      announced_in: '17.3',
      breaking: true,
      breaking_reason: "The platform's own deprecation data marks this as a breaking change.",
      offerings: ['hosted', 'self-managed', 'dedicated'],
      summary: expect.stringMatching(/^Tokens created without an expiry date get one a year.*\[token expiry\]\(https:/s),
      migration:
        "Follow the platform's announcement above; see also [the platform's documentation](https://docs.platform.example.com/user/profile/tokens). Who must act: a user with the Owner role. It takes a manual step.",
      names: {},
      origin: 'imported',
      sources: [
        {
          file: '17-3-dates.yml',
          item: 0,
          line: 1,
          documentation_url: 'https://docs.platform.example.com/user/profile/tokens',
          announcement_date: '2024-08-15',
          removal_date: '2025-05-15',
          stage: 'Govern',
          impact: 'critical',
          scope: ['instance', 'group', 'project'],
          resolution_role: 'Owner',
          manual_task: true,
          offerings_basis: 'the item does not say which offerings it applies to, so every offering is listed',
          kind_basis: 'the item names the release the thing goes in and no other kind of change',
        },
      ],
    });
  });

  it('maps the old field set, odd quoting and unquoted milestones without guessing', () => {
    const byId = new Map(result.entries.map((entry) => [entry.id, entry]));
    expect(byId.get('14-2-legacy-job-log-archiver')).toMatchObject({ breaking: false, area: 'stage-none', removed_in: '15.0' });
    expect(byId.get('16-8-unquoted-milestones')).toMatchObject({ announced_in: '16.10', removed_in: '17.0' });
    expect(byId.get('17-4-odd-quoting')).toMatchObject({
      title: 'Package registry: "generic" packages over 5 GB',
      breaking: true,
      summary:
        'Uploads of generic packages larger than 5 GB are refused from 18.0. Split large artifacts, or keep them in object storage and upload a pointer.',
      sources: [expect.objectContaining({ tiers: ['Free', 'Premium', 'Ultimate'], stage: 'Package' })],
    });
    expect(byId.get('17-7-unknown-fields')?.sources?.[0]?.extra).toEqual({
      reporter: 'pm-ide',
      end_of_support_milestone: '17.9',
      end_of_support_date: '2025-02-20',
      feature_flag: 'old_web_ide_terminal',
      owners: ['group-ide', 'group-remote-dev'],
    });
  });

  it('keeps Markdown bodies as written, tables and links included, without the authors’ HTML comments', () => {
    const allowlist = result.entries.find((entry) => entry.id === '16-0-job-token-allowlist');
    expect(allowlist?.summary).toContain('[authentication log](https://docs.platform.example.com/ci/jobs/job_token#log)');
    expect(allowlist?.summary).not.toContain('<!--');
    expect(result.entries.find((entry) => entry.id === '14-8-build-variables')?.summary).toContain(
      '| `CI_BUILD_ID` | `CI_JOB_ID` |',
    );
  });

  it('restricts offerings only where the text or the tiers do', () => {
    const offerings = Object.fromEntries(result.entries.map((entry) => [entry.id, entry.offerings]));
    expect(offerings['14-9-distribution-changes-bundled-database-version-12']).toEqual(['self-managed']);
    expect(offerings['15-2-saas-only-artifact-expiry']).toEqual(['hosted']);
    expect(offerings['15-3-old-tier-names']).toEqual(['hosted']);
    expect(offerings['18-1-dedicated-only']).toEqual(['dedicated']);
    expect(offerings['18-2-two-offerings']).toEqual(['self-managed', 'dedicated']);
    expect(offerings['19-1-registry-api-v1']).toEqual(['self-managed']);
    expect(offerings['14-8-build-variables']).toEqual(['hosted', 'self-managed', 'dedicated']);
  });

  it('writes the same bytes when the same input is imported again elsewhere, from another directory', () => {
    const again = path.join(work, 'again');
    // From inside the data folder, with the folder named "." and the output outside it.
    runImport({
      inputs: ['.'],
      cwd: DEPRECATIONS,
      out: path.relative(DEPRECATIONS, again),
      upgradePath: path.join('..', '..', 'config', 'upgrade_path.yml'),
    });
    expect(files(again)).toEqual(files(out));
    for (const name of files(out))
      expect(readFileSync(path.join(again, name), 'utf8')).toBe(readFileSync(path.join(out, name), 'utf8'));
  });

  it('names each source file relative to the folder imported, or by its own name when a file is given', () => {
    expect(result.entries.every((entry) => !entry.sources?.[0]?.file.includes('/'))).toBe(true);
    const single = runImport({ inputs: ['data/deprecations/17-3-dates.yml'], cwd: PLATFORM });
    expect(single.entries[0]?.sources?.[0]?.file).toBe('17-3-dates.yml');
  });
});

describe('every output of an import loads as a register folder', () => {
  it.each([
    ['the upgrade path alone', { inputs: [], upgradePath: 'config/upgrade_path.yml' }],
    ['one file', { inputs: ['data/deprecations/17-3-dates.yml'] }],
    ['a file with no importable item', { inputs: ['data/deprecations/16-3-placeholder-removal.yml'] }],
    ['an empty data file', { inputs: ['data/deprecations/18-3-empty-file.yml'] }],
    ['the whole folder and the upgrade path', { inputs: ['data/deprecations'], upgradePath: 'config/upgrade_path.yml' }],
  ])('%s', async (name, options) => {
    const out = path.join(work, 'outputs', name.replace(/\W+/g, '-'));
    runImport({ cwd: PLATFORM, out, ...options });
    const folder = await readRegisterFolder(out, work);
    expect(folder.problems).toEqual([]);
    // Imported a second time into the same folder (the areas it no longer needs dropped), it still loads.
    runImport({ cwd: PLATFORM, out, inputs: [], upgradePath: 'config/upgrade_path.yml' });
    expect((await readRegisterFolder(out, work)).problems).toEqual([]);
  });
});

describe('importing again into the same folder', () => {
  it('keeps ids of changed titles, the detect: and related: people added, and drops items that are gone', () => {
    const checkout = path.join(work, 'checkout');
    cpSync(PLATFORM, checkout, { recursive: true });
    const out = path.join(work, 'kept');
    importInto(out, checkout);
    const runnerFile = path.join(out, 'register', '20.0', '17-9-multi-item-runner-runner-s-docker-machine-executor.yaml');
    const entry = parse(readFileSync(runnerFile, 'utf8'));
    entry.detect = [
      {
        kind: 'text',
        literal: 'docker+machine',
        word: false,
        example: { file: 'config.toml', text: 'executor = "docker+machine"\n' },
        near_miss: { file: 'config.toml', text: 'executor = "docker"\n' },
      },
    ];
    writeFileSync(runnerFile, JSON.stringify(entry));

    const data = path.join(checkout, 'data', 'deprecations');
    const multi = path.join(data, '17-9-multi-item-runner.yml');
    writeFileSync(
      multi,
      readFileSync(multi, 'utf8').replace("Runner's Docker Machine executor", 'The Docker Machine executor of runners'),
    );
    const single = path.join(data, '17-6-rest-pagination.yml');
    writeFileSync(single, readFileSync(single, 'utf8').replace('Offset pagination on', 'Page-number pagination of'));
    rmSync(path.join(data, '18-9-deploy-keys.yml'));

    const result = importInto(out, checkout);
    expect(result.removed).toBe(1);
    const ids = result.entries.map((candidate) => candidate.id);
    expect(ids).toContain('17-9-multi-item-runner-runner-s-docker-machine-executor');
    expect(ids).toContain('17-6-rest-pagination');
    expect(ids).not.toContain('18-9-deploy-keys');
    const rewritten = parse(readFileSync(runnerFile, 'utf8'));
    expect(rewritten.title).toBe('The Docker Machine executor of runners');
    expect(rewritten.detect).toEqual(entry.detect);
    expect(files(path.join(out, 'register')).some((name) => name.includes('18-9-deploy-keys'))).toBe(false);
  });

  it('refuses a folder that holds other files, and writes nothing there', () => {
    const other = path.join(work, 'other');
    cpSync(path.join(PLATFORM, 'config'), other, { recursive: true });
    expect(() => importInto(other)).toThrow(/holds files but is not a register folder/);
    expect(readdirSync(other)).toEqual(['upgrade_path.yml']);
  });
});
