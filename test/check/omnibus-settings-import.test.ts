/**
 * The Omnibus package's list of removed `gitlab.rb` settings, imported with `sunset import --settings`,
 * drives `sunset check` and `sunset plan` like the built-in register: a gitlab.rb that sets a setting the
 * target release removes is reported, the plan lists it, and an item naming a setting a built-in entry
 * already looks for merges into that entry (its text kept).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/check/register-source.ts';
import { settingsEntries } from '../../src/import/omnibus-deprecations.ts';
import { loadContent } from '../../src/register/load.ts';
import { mergeRegisters } from '../../src/register/merge/merge-registers.ts';
import { registerEntrySchema } from '../../src/schemas/register-entry.ts';
import { runCli } from './run-cli.ts';

const LIST = path.resolve(import.meta.dirname, '../fixtures/omnibus/deprecations.rb');
const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-omnibus-'));
const repo = path.join(work, 'repo');
const register = path.join(work, 'register');
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(async () => {
  mkdirSync(path.join(repo, 'config'), { recursive: true });
  writeFileSync(
    path.join(repo, 'config', 'gitlab.rb'),
    [
      "external_url 'https://gitlab.example.com'",
      "sidekiq['queue_selector'] = true",
      "sidekiq['negate'] = true",
      "gitlab_rails['legacy_widget_cron'] = '0 * * * *'",
      "old_cache_role['enable'] = true",
      "# gitlab_rails['legacy_widget_cron'] = '0 1 * * *'",
      "gitlab_rails['widget_worker_cron'] = '0 * * * *'",
      '',
    ].join('\n'),
  );
  const imported = await runCli(['import', '--settings', LIST, '--out', register], work);
  expect(imported.code, imported.stderr).toBe(0);
  expect(imported.stderr).toContain('import read 1 file(s), 5 item(s); 4 entries written to');
});

interface JsonFinding {
  ruleId: string;
  line: number;
  severity: string;
}

describe('sunset import --settings, then check and plan', () => {
  it('reports each removed setting gitlab.rb sets, by the release the list gives, and not the replacement or a comment', async () => {
    const { code, stdout } = await runCli(
      ['check', '.', '--from', '16.11', '--to', '17.0', '--register', register, '--format', 'json'],
      repo,
    );
    expect(code).toBe(1);
    const findings = (JSON.parse(stdout).findings as JsonFinding[]).map(
      (finding) => `${finding.line} ${finding.severity} ${finding.ruleId}`,
    );
    expect(findings).toEqual([
      '2 error background-jobs-queue-selector-removed',
      '3 error omnibus-sidekiq-negate-removed',
      '4 error omnibus-gitlab-rails-legacy-widget-cron-removed',
      '5 warning omnibus-old-cache-role-enable-removed',
    ]);
  });

  it('leaves out a setting the target release has not removed yet when checking an earlier target', async () => {
    const { stdout } = await runCli(
      ['check', '.', '--from', '16.0', '--to', '16.11', '--register', register, '--format', 'json'],
      repo,
    );
    const errors = (JSON.parse(stdout).findings as JsonFinding[]).filter((finding) => finding.severity === 'error');
    expect(errors).toEqual([]);
  });

  it('lists the imported settings in the plan, and merges the one a built-in entry names into it', async () => {
    const { code, stdout } = await runCli(
      ['plan', '--from', '16.11', '--to', '17.0', '--register', register, '--offering', 'self-managed', '--format', 'json'],
      repo,
    );
    expect(code).toBe(0);
    const text = JSON.stringify(JSON.parse(stdout));
    expect(text).toContain('omnibus-sidekiq-negate-removed');
    expect(text).toContain('omnibus-gitlab-rails-legacy-widget-cron-removed');
    // Merged: the built-in entry stands with its own title, and no second entry for the same setting.
    expect(text).toContain('The separate queue-selector mode for background jobs is removed');
    expect(text).not.toContain('omnibus-sidekiq-queue-selector-removed"');
  });

  it('refuses a file that is not the list, naming the file and line', async () => {
    const notList = path.join(work, 'gitlab.rb');
    writeFileSync(notList, "external_url 'https://x'\n");
    const { code, stderr } = await runCli(['import', '--settings', notList, '--out', path.join(work, 'other')], work);
    expect(code).toBe(2);
    expect(stderr).toContain('gitlab.rb:1: not the Omnibus deprecations list');
  });

  it('adds the rules of a merged item to the built-in entry, keeping the entry’s own text and rules', async () => {
    const base = await loadContent(path.join(PROJECT_ROOT, 'content'));
    const [item, negate] = settingsEntries(
      'deprecations.rb',
      "deprecations = [\n  { config_keys: %w(gitlab sidekiq queue_selector), removal: '17.0' },\n  { config_keys: %w(gitlab sidekiq negate), removal: '17.0' }\n]\n",
    ).entries;
    // An admin added the selector's companion setting to the imported entry by hand; it comes along.
    const edited = registerEntrySchema.parse({ ...item, detect: [...(item?.detect ?? []), ...(negate?.detect ?? [])] });
    const folder = { dir: 'settings', entries: [edited], areas: [], stops: [], files: new Map(), paths: new Map(), problems: [] };
    const merged = mergeRegisters(base, [folder]).data.entries;
    const own = base.entries.find((entry) => entry.id === 'background-jobs-queue-selector-removed');
    const entry = merged.find((candidate) => candidate.id === 'background-jobs-queue-selector-removed');
    expect(entry?.title).toBe(own?.title);
    expect(entry?.summary).toBe(own?.summary);
    // The entry's own rules (its gitlab.rb setting and the launcher's option) first, then the one the import adds.
    expect(entry?.detect.map((rule) => (rule.kind === 'omnibus-setting' ? rule.setting : rule.kind))).toEqual([
      'sidekiq.queue_selector',
      'cli-flag',
      'sidekiq.negate',
    ]);
    expect(entry?.sources?.map((source) => source.entry)).toEqual(['omnibus-sidekiq-queue-selector-removed']);
    expect(merged.some((candidate) => candidate.id === 'omnibus-sidekiq-queue-selector-removed')).toBe(false);
  });
});
