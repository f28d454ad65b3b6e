/**
 * The Omnibus package's list of deprecated `gitlab.rb` settings (its `deprecations.rb`) read as data: the
 * literal array assigned to `deprecations = [ … ]`, each item a hash of `config_keys` (a `%w(…)` or
 * string list), `deprecation` and `removal` (releases) and `note`. The file is Ruby, but it is never run:
 * only that literal is read, token by token, and anything else inside it (a call, an interpolated
 * string, a constant) stops the reading with the line where it stands. Code after the literal (checks
 * the package writes as code) is not read.
 */
import { compareReleases } from '../register/releases.ts';
import type { RegisterEntryInput } from '../schemas/register-entry.ts';
import type { ImportProblem } from './platform-item.ts';

/** The file is not of the list's shape: where and why. */
export class SettingsListError extends Error {
  readonly file: string;
  readonly line: number;
  constructor(file: string, line: number, reason: string) {
    super(`${file}:${line}: ${reason}`);
    this.name = 'SettingsListError';
    this.file = file;
    this.line = line;
  }
}

/** One item of the list as written. */
export interface SettingsListItem {
  line: number;
  /** The keys as the list gives them (`gitlab gitlab-rails extra_piwik_url`). */
  configKeys: string[];
  deprecation?: string;
  removal?: string;
  note?: string;
}

/** Blocks the list's keys may start with that `gitlab.rb` does not write (the package's own attribute roots). */
const ATTRIBUTE_BLOCKS = new Set(['gitlab', 'monitoring']);
const RELEASE = /^\d+\.\d+$/;

type Value = string | string[];

/** Reads the literal list; throws {@link SettingsListError} when the file does not hold one. */
export function readSettingsList(file: string, text: string): SettingsListItem[] {
  const start = /^[ \t]*deprecations[ \t]*=[ \t]*\[/m.exec(text);
  if (!start)
    throw new SettingsListError(
      file,
      1,
      'not the Omnibus deprecations list: no `deprecations = [` literal was found; nothing was read',
    );
  let at = start.index + start[0].length;
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const fail = (reason: string): never => {
    throw new SettingsListError(file, lineAt(at), reason);
  };
  const skip = () => {
    for (;;) {
      const blank = /^(?:\s+|#[^\n]*)/.exec(text.slice(at, at + 2000));
      if (!blank || blank[0] === '') return;
      at += blank[0].length;
    }
  };
  const quoted = (): string => {
    const quote = text[at] as string;
    let out = '';
    for (at++; at < text.length; at++) {
      const char = text[at] as string;
      if (char === quote) {
        at++;
        return out;
      }
      if (quote === '"' && char === '#' && text[at + 1] === '{')
        fail('an interpolated string (`#{…}`) is code; the list is read as literals only');
      if (char === '\\') {
        at++;
        const escaped = text[at] as string;
        out +=
          quote === "'" && escaped !== "'" && escaped !== '\\'
            ? `\\${escaped}`
            : escaped === 'n' && quote === '"'
              ? '\n'
              : escaped;
      } else out += char;
    }
    return fail('a string is not closed');
  };
  const value = (): Value => {
    skip();
    const char = text[at];
    if (char === "'" || char === '"') return quoted();
    const words = /^%w([([{<])/.exec(text.slice(at, at + 3));
    if (words) {
      const close = { '(': ')', '[': ']', '{': '}', '<': '>' }[words[1] as string] as string;
      const end = text.indexOf(close, at + 3);
      if (end === -1) fail('a %w list is not closed');
      const list = text
        .slice(at + 3, end)
        .trim()
        .split(/\s+/)
        .filter(Boolean);
      at = end + 1;
      return list;
    }
    if (char === '[') {
      at++;
      const list: string[] = [];
      for (;;) {
        skip();
        if (text[at] === ']') {
          at++;
          return list;
        }
        const item = value();
        if (typeof item !== 'string') fail('a list of keys holds strings only');
        list.push(item as string);
        skip();
        if (text[at] === ',') at++;
      }
    }
    const token = /^\S{1,40}/.exec(text.slice(at))?.[0] ?? 'the end of the file';
    return fail(`\`${token}\` is not a literal string or list; the list is read as data, never run as code`);
  };

  const items: SettingsListItem[] = [];
  for (;;) {
    skip();
    if (at >= text.length) fail('the list is not closed with `]`');
    if (text[at] === ']') return items;
    if (text[at] !== '{')
      fail(`\`${text.slice(at, at + 20).split('\n')[0]}\` is not a hash of the list ({ config_keys: …, removal: … })`);
    const item: SettingsListItem = { line: lineAt(at), configKeys: [] };
    at++;
    for (;;) {
      skip();
      if (text[at] === '}') {
        at++;
        break;
      }
      const key = /^(?:(\w+):(?!:)|:(\w+)\s*=>|['"](\w+)['"]\s*=>)/.exec(text.slice(at, at + 80));
      if (!key) fail('expected a key such as `config_keys:` in the hash');
      at += (key as RegExpExecArray)[0].length;
      const name = (key as RegExpExecArray)[1] ?? (key as RegExpExecArray)[2] ?? (key as RegExpExecArray)[3];
      const read = value();
      if (name === 'config_keys') item.configKeys = typeof read === 'string' ? read.split(/\s+/) : read;
      else if (name === 'deprecation' || name === 'removal' || name === 'note') {
        if (typeof read !== 'string') fail(`\`${name}\` is a string`);
        item[name] = read as string;
      }
      skip();
      if (text[at] === ',') at++;
    }
    items.push(item);
    skip();
    if (text[at] === ',') at++;
  }
}

/** The setting an item's keys stand for, as a dotted path of `gitlab.rb` (`gitlab_rails.extra_piwik_url`). */
export function settingOf(configKeys: readonly string[]): string | undefined {
  const keys = ATTRIBUTE_BLOCKS.has(configKeys[0] ?? '') ? configKeys.slice(1) : [...configKeys];
  if (keys[0] === 'roles' && keys.length >= 2) keys.splice(0, 2, `${keys[1]}_role`);
  const [service, ...rest] = keys;
  if (!service) return undefined;
  const path = [service.replace(/-/g, '_'), ...rest];
  return path.every((key) => /^[A-Za-z0-9_-]+$/.test(key)) ? path.join('.') : undefined;
}

/** A dotted setting as `gitlab.rb` writes it: `gitlab_rails['extra_piwik_url']`. */
export function settingText(setting: string): string {
  const [service, ...keys] = setting.split('.');
  return `${service}${keys.map((key) => `['${key}']`).join('')}`;
}

/** The id of the entry made for a setting; stable, so importing again rewrites the same file. */
export function settingEntryId(setting: string): string {
  return `omnibus-${setting
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')}-removed`;
}

/** The area every setting entry is filed under. */
export const OMNIBUS_SETTINGS_AREA = {
  id: 'omnibus-settings',
  title: 'Omnibus settings',
  description: "Settings of the Omnibus package's `gitlab.rb` that its own deprecations list marks removed.",
};

/** What reading the list into entries gave. */
export interface SettingsImport {
  entries: RegisterEntryInput[];
  problems: ImportProblem[];
  itemsRead: number;
}

/**
 * The list's items as register entries: one per setting, removed in the item's `removal`, announced in
 * its `deprecation`, with an `omnibus-setting` rule (its example and near miss written from the setting)
 * and the note as migration text. Items without keys or a release are problems, left out.
 */
export function settingsEntries(file: string, text: string): SettingsImport {
  const items = readSettingsList(file, text);
  const problems: ImportProblem[] = [];
  const entries = new Map<string, RegisterEntryInput>();
  for (const [index, item] of items.entries()) {
    const setting = settingOf(item.configKeys);
    if (!setting) {
      problems.push({ file, line: item.line, reason: 'missing-field', message: 'the item has no config_keys naming a setting' });
      continue;
    }
    if (!item.removal || !RELEASE.test(item.removal)) {
      const reason = item.removal ? 'malformed-field' : 'missing-field';
      problems.push({
        file,
        line: item.line,
        reason,
        message: `removal of ${settingText(setting)} is not a release such as "17.0"`,
      });
      continue;
    }
    const id = settingEntryId(setting);
    if (entries.has(id)) {
      problems.push({ file, line: item.line, reason: 'duplicate-title', message: `${settingText(setting)} is listed twice` });
      continue;
    }
    const announced = item.deprecation && RELEASE.test(item.deprecation) ? item.deprecation : undefined;
    const written = settingText(setting);
    const [service, ...keys] = setting.split('.');
    const other = `${service}${keys
      .slice(0, -1)
      .map((key) => `['${key}']`)
      .join('')}['${keys.at(-1) ?? 'x'}_replacement']`;
    entries.set(id, {
      id,
      title: `Omnibus setting \`${written}\` is removed`,
      area: OMNIBUS_SETTINGS_AREA.id,
      kind: 'removal',
      removed_in: item.removal,
      ...(announced && compareReleases(announced, item.removal) <= 0 ? { announced_in: announced } : {}),
      breaking: true,
      breaking_reason: "The Omnibus package's own deprecations list marks this `gitlab.rb` setting removed in this release.",
      offerings: ['self-managed'],
      summary: `The Omnibus package's deprecations list names \`${written}\` in \`gitlab.rb\`${announced ? `, deprecated in ${announced}` : ''}, removed in ${item.removal}.\n`,
      migration: item.note?.trim() ? `${item.note.trim()}\n` : `Remove \`${written}\` from \`gitlab.rb\`.\n`,
      names: { settings: [written] },
      detect: [
        {
          kind: 'omnibus-setting',
          setting,
          example: { file: 'gitlab.rb', text: `${written} = true\n` },
          near_miss: { file: 'gitlab.rb', text: `# ${written} = true\n${other} = true\n` },
        },
      ],
      origin: 'imported',
      sources: [{ file, item: index, line: item.line }],
    });
  }
  return { entries: [...entries.values()], problems, itemsRead: items.length };
}
