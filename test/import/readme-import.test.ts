/**
 * The README's first screen, run as written: the two commands in a copy of this project (the sources and
 * content copied, node_modules linked) beside a platform checkout (`gitlab/`, the fixture checkout). The
 * site they build must carry every imported entry on its release page, in the checklists, search, the
 * feed and register.json, marked as imported, with its links and who must act.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inRange } from '../../src/register/releases.ts';
import type { RegisterEntry } from '../../src/schemas/register-entry.ts';
import { PLATFORM } from './fixture-data.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const firstScreen = readme.slice(0, readme.indexOf('\n## ', readme.indexOf('## Everything the platform has announced') + 1));
const [, commands = ''] = /```sh\n([\s\S]*?)```/.exec(firstScreen) ?? [];
const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-readme-import-'));
const clone = path.join(work, 'sunset');
const dist = path.join(clone, 'dist');
afterAll(() => rmSync(work, { recursive: true, force: true }));

let imported: RegisterEntry[] = [];
const page = (route: string) => readFileSync(path.join(dist, route, 'index.html'), 'utf8');

beforeAll(async () => {
  for (const name of ['astro.config.mjs', 'bin', 'content', 'package.json', 'public', 'scripts', 'src', 'tsconfig.json']) {
    cpSync(path.join(ROOT, name), path.join(clone, name), { recursive: true });
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(clone, 'node_modules'));
  cpSync(PLATFORM, path.join(clone, 'gitlab'), { recursive: true });
  const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}` };
  for (const line of commands.split('\n').filter((text) => text.trim())) {
    await promisify(execFile)('bash', ['-c', line], { cwd: clone, env, maxBuffer: 64 * 1024 * 1024 });
  }
  const json = JSON.parse(readFileSync(path.join(dist, 'register.json'), 'utf8')) as { entries: RegisterEntry[] };
  imported = json.entries.filter((entry) => entry.origin === 'imported');
}, 600_000);

describe("the README's import, run as written", () => {
  it('is two commands on the first screen', () => {
    expect(readme.indexOf('## Everything the platform has announced')).toBeLessThan(1000);
    expect(commands.trim().split('\n')).toEqual([
      'npx sunset import gitlab/data/deprecations --upgrade-path gitlab/config/upgrade_path.yml --out imported',
      'SUNSET_REGISTER=imported npm run build',
    ]);
    expect(existsSync(path.join(clone, 'imported', 'upgrade-path.yaml'))).toBe(true);
  });

  it('publishes every imported entry in register.json, with the stops, and the ones that describe built-in entries as their sources', () => {
    const written = readdirSync(path.join(clone, 'imported', 'register'), { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.yaml'),
    );
    const json = JSON.parse(readFileSync(path.join(dist, 'register.json'), 'utf8'));
    // Items merged into another entry (a built-in one, or an imported duplicate) are its sources.
    const attached = json.entries.filter((entry: RegisterEntry) => entry.sources);
    const describing = new Set(
      attached.flatMap((entry: RegisterEntry) => (entry.sources ?? []).flatMap((source) => (source.entry ? [source.entry] : []))),
    );
    expect(imported.length + describing.size).toBe(written.length);
    // Ten of the 38 items describe built-in entries and merge into them.
    expect(imported.length).toBeGreaterThan(25);
    expect(json.upgrade_stops.map((stop: { release: string }) => stop.release)).toContain('16.7');
    expect(json.conflicts.length).toBeGreaterThan(0);
    expect(json.releases.map((release: { release: string }) => release.release)).toContain('19.2');
  });

  it('gives every imported entry a page marked as imported, with its links and who must act', () => {
    for (const entry of imported) {
      const html = page(`register/${entry.id}`);
      expect(html, entry.id).toContain('class="badge badge-imported"');
      expect(html).toContain('From the platform&#39;s own data');
      const [source] = entry.sources ?? [];
      if (source?.issue_url) expect(html).toContain(`href="${source.issue_url}"`);
      if (source?.resolution_role) expect(html).toContain(`<dt>Who must act</dt><dd>${source.resolution_role}</dd>`);
    }
  });

  it('shows on a built-in entry the item merged into it, with the evidence and both readings where they differ', () => {
    const html = page('register/graphql-ci-runner-fields-moved-to-runner-manager');
    expect(html).toContain('(imported as <code>15-4-graphql-runner-fields</code>)');
    expect(html).toMatch(
      /<dt>Why it is this change<\/dt><dd data-merge-evidence>Sunset's reading: shared names [^<]*`cirunnermanager`/,
    );
    expect(html).toContain('<li>takes effect in: the platform&#39;s data says 16.0; this register says 17.0</li>');
    expect(html).toContain('The registers disagree about this change');
  });

  it('lists every imported entry on its release page, and in the feed', () => {
    const feed = readFileSync(path.join(dist, 'feed.xml'), 'utf8');
    for (const entry of imported) {
      expect(page(`releases/${entry.removed_in}`), entry.id).toContain(`href="/register/${entry.id}/"`);
      expect(feed).toContain(`/register/${entry.id}/</id>`);
    }
  });

  it('puts imported entries on the checklists, through the required stops', () => {
    const checklist = page('upgrade/16.0-to-17.0');
    expect(checklist).toContain('<h2 id="stops-title">Required upgrade stops</h2>');
    expect(checklist).toContain('Before you upgrade: 16.0 → 16.3');
    const taking = imported.filter((entry) => inRange(entry.removed_in, '16.0', '17.0'));
    expect(taking.length).toBeGreaterThan(3);
    for (const entry of taking) expect(checklist).toContain(`data-item="${entry.id}"`);
    expect(checklist).toContain('<span class="badge badge-imported">Imported</span>');
    expect(checklist).toContain('who must act: <strong>Developer</strong>');
  });

  it('indexes every imported entry for search', () => {
    const fragments = path.join(dist, 'pagefind', 'fragment');
    const urls = new Set(
      readdirSync(fragments).map((name) => {
        const text = gunzipSync(readFileSync(path.join(fragments, name))).toString('utf8');
        return (JSON.parse(text.slice(text.indexOf('{'))) as { url: string }).url;
      }),
    );
    for (const entry of imported) expect(urls, entry.id).toContain(`/register/${entry.id}/`);
  });
});
