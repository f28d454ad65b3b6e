import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  readSettingsList,
  SettingsListError,
  settingEntryId,
  settingOf,
  settingsEntries,
  settingText,
} from '../../src/import/omnibus-deprecations.ts';
import { registerEntrySchema } from '../../src/schemas/register-entry.ts';

const LIST = readFileSync(path.resolve(import.meta.dirname, '../fixtures/omnibus/deprecations.rb'), 'utf8');

describe('the Omnibus deprecations list', () => {
  it('reads the literal list item by item, with the line each starts on, and nothing after it', () => {
    const items = readSettingsList('deprecations.rb', LIST);
    expect(items.map((item) => [item.line, item.configKeys.join(' '), item.deprecation, item.removal])).toEqual([
      [8, 'gitlab sidekiq queue_selector', '16.0', '17.0'],
      [14, 'gitlab sidekiq negate', '16.0', '17.0'],
      [20, 'gitlab gitlab-rails legacy_widget_cron', '16.4', '17.0'],
      [26, 'roles old-cache enable', '16.8', '18.0'],
      [32, 'praefect long_gone_option', '15.9', undefined],
    ]);
    expect(items[2]?.note).toBe("Use gitlab_rails['widget_worker_cron'] instead.");
  });

  it('turns the keys into the setting gitlab.rb writes', () => {
    expect(settingOf(['gitlab', 'gitlab-rails', 'extra_x'])).toBe('gitlab_rails.extra_x');
    expect(settingOf(['gitlab-pages', 'use_legacy_storage'])).toBe('gitlab_pages.use_legacy_storage');
    expect(settingOf(['roles', 'redis-slave', 'enable'])).toBe('redis_slave_role.enable');
    expect(settingOf(['monitoring', 'grafana', 'enable'])).toBe('grafana.enable');
    expect(settingOf(['gitlab'])).toBeUndefined();
    expect(settingText('gitlab_rails.object_store.connection')).toBe("gitlab_rails['object_store']['connection']");
    expect(settingEntryId('gitlab_rails.extra_x')).toBe('omnibus-gitlab-rails-extra-x-removed');
  });

  it('makes valid imported entries with a rule each, and leaves out an item without a removal, saying where', () => {
    const { entries, problems, itemsRead } = settingsEntries('deprecations.rb', LIST);
    expect(itemsRead).toBe(5);
    expect(entries.map((entry) => [entry.id, entry.removed_in, entry.announced_in])).toEqual([
      ['omnibus-sidekiq-queue-selector-removed', '17.0', '16.0'],
      ['omnibus-sidekiq-negate-removed', '17.0', '16.0'],
      ['omnibus-gitlab-rails-legacy-widget-cron-removed', '17.0', '16.4'],
      ['omnibus-old-cache-role-enable-removed', '18.0', '16.8'],
    ]);
    for (const entry of entries) expect(registerEntrySchema.safeParse(entry).success, entry.id).toBe(true);
    expect(entries[2]?.migration).toBe("Use gitlab_rails['widget_worker_cron'] instead.\n");
    expect(entries[2]?.origin).toBe('imported');
    expect(entries[2]?.detect?.[0]).toMatchObject({ kind: 'omnibus-setting', setting: 'gitlab_rails.legacy_widget_cron' });
    expect(problems).toEqual([
      {
        file: 'deprecations.rb',
        line: 32,
        reason: 'missing-field',
        message: 'removal of praefect[\'long_gone_option\'] is not a release such as "17.0"',
      },
    ]);
  });

  it('refuses a file that holds no list, and code inside the list, with file and line; nothing is run', () => {
    expect(() => readSettingsList('gitlab.rb', "external_url 'https://x'\n")).toThrow(
      'gitlab.rb:1: not the Omnibus deprecations list: no `deprecations = [` literal was found; nothing was read',
    );
    const call = 'deprecations = [\n  {\n    config_keys: %w(a b),\n    removal: File.read("/etc/release"),\n  }\n]\n';
    expect(() => readSettingsList('d.rb', call)).toThrow(
      'd.rb:4: `File.read("/etc/release"),` is not a literal string or list; the list is read as data, never run as code',
    );
    const interpolated = 'deprecations = [\n  { config_keys: %w(a b), removal: "#{major}.0" }\n]\n';
    expect(() => readSettingsList('d.rb', interpolated)).toThrow(/^d\.rb:2: an interpolated string/);
    expect(() => readSettingsList('d.rb', 'deprecations = [\n  { config_keys: %w(a b)\n')).toThrow(SettingsListError);
    expect(() => readSettingsList('d.rb', 'deprecations = [\n  helper(1)\n]\n')).toThrow(/^d\.rb:2: `helper\(1\)` is not a hash/);
  });
});
