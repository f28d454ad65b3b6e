import { mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatProblem, readContent } from '../../src/register/index.ts';
import { type ContentCopy, copyContent } from './content-copy.ts';

const ENTRY = 'register/17.0/sample-variable-removed.yaml';
const SAMPLE = `id: sample-variable-removed
title: A sample variable is removed
area: ci
kind: removal
removed_in: "17.0"
breaking: true
breaking_reason: Jobs that read \`SAMPLE_VARIABLE\` no longer get a value.
offerings: [hosted, self-managed]
summary: |
  Jobs no longer receive \`SAMPLE_VARIABLE\`.
migration: |
  Stop reading it.
replacement: nothing
names:
  variables: [SAMPLE_VARIABLE]
detect:
  - kind: ci-variable
    name: SAMPLE_VARIABLE
    example: { file: .gitlab-ci.yml, text: "job:\\n  script: echo $SAMPLE_VARIABLE\\n" }
    near_miss: { file: .gitlab-ci.yml, text: "job:\\n  script: echo $SAMPLE_VARIABLE_2\\n" }
`;

/** Reads the copy and returns its problems as printed lines. */
async function problemsOf(copy: ContentCopy): Promise<string[]> {
  const { problems } = await readContent(copy.dir);
  return problems.map(formatProblem);
}

describe('content loader', () => {
  let copy: ContentCopy;
  beforeEach(async () => {
    copy = await copyContent();
    await copy.write(ENTRY, SAMPLE);
  });
  afterEach(async () => {
    await copy.remove();
  });

  it('loads the repository content without a problem', async () => {
    expect(await problemsOf(copy)).toEqual([]);
  });

  it('tells the writer to quote an unquoted release, with file, line and field', async () => {
    await copy.edit(ENTRY, (text) => text.replace('removed_in: "17.0"', 'removed_in: 16.10'));
    const lines = await problemsOf(copy);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^content\/register\/17\.0\/sample-variable-removed\.yaml:5:1 removed_in: release 16\.10 is a number: quote it as a string \("16\.10"\)/,
      ),
    );
  });

  it('names each entry file it cannot read (a folder in its place, a link to nothing) and reads the rest', async () => {
    await rm(copy.file(ENTRY));
    await mkdir(copy.file(ENTRY));
    await symlink(path.join(copy.dir, 'nowhere.yaml'), copy.file('register/17.0/dangling.yaml'));
    expect(await problemsOf(copy)).toEqual([
      expect.stringMatching(/^content\/register\/17\.0\/dangling\.yaml.* file is missing or unreadable$/),
      expect.stringMatching(/^content\/register\/17\.0\/sample-variable-removed\.yaml.* file is missing or unreadable$/),
    ]);
    const { data } = await readContent(copy.dir);
    expect(data?.entries.length).toBeGreaterThan(100);
  });

  it('reports a YAML syntax error with its line instead of a stack trace', async () => {
    await copy.edit(ENTRY, (text) => text.replace('breaking: true', 'breaking: [true'));
    const [line] = await problemsOf(copy);
    expect(line).toMatch(/^content\/register\/17\.0\/sample-variable-removed\.yaml:\d+:\d+ YAML syntax: /);
  });

  it('gives the field path of a bad nested field', async () => {
    await copy.edit(ENTRY, (text) => text.replace('kind: ci-variable', 'kind: ci-varible'));
    const lines = await problemsOf(copy);
    expect(lines.some((line) => /sample-variable-removed\.yaml:\d+:\d+ detect\[0\]/.test(line))).toBe(true);
  });

  it('names unknown fields so typos do not pass silently', async () => {
    await copy.edit(ENTRY, (text) => text.replace('breaking: true', 'breaking: true\nbraking: false'));
    expect(await problemsOf(copy)).toContainEqual(expect.stringMatching(/unknown field "braking"/));
  });

  it('requires a summary and a migration', async () => {
    await copy.edit(ENTRY, (text) => text.replace('migration: |\n  Stop reading it.', 'migration: "  "'));
    expect(await problemsOf(copy)).toContainEqual(expect.stringMatching(/migration: every entry needs a migration/));
  });

  it('requires the id to equal the file name', async () => {
    await copy.edit(ENTRY, (text) => text.replace('id: sample-variable-removed', 'id: sample-variable-gone'));
    expect(await problemsOf(copy)).toContainEqual(
      expect.stringMatching(/:1 id: id "sample-variable-gone" must equal the file name "sample-variable-removed"/),
    );
  });

  it('refuses a second entry with the same id', async () => {
    await copy.write('register/17.0/sample-variable-copy.yaml', SAMPLE);
    const lines = await problemsOf(copy);
    expect(lines).toContainEqual(expect.stringMatching(/id "sample-variable-removed" is used by another entry/));
  });

  it('refuses announced_in after removed_in', async () => {
    await copy.edit(ENTRY, (text) => text.replace('removed_in: "17.0"', 'removed_in: "17.0"\nannounced_in: "17.1"'));
    expect(await problemsOf(copy)).toContainEqual(
      expect.stringMatching(/announced_in: announced_in "17\.1" is after removed_in "17\.0"/),
    );
  });

  it('refuses references that do not resolve, with the line of the reference', async () => {
    await copy.edit(ENTRY, (text) => `${text}related: [no-such-entry]\nendpoints: [no-such-endpoint]\n`);
    const lines = await problemsOf(copy);
    expect(lines).toContainEqual(
      expect.stringMatching(/sample-variable-removed\.yaml:\d+:\d+ related\[0\]: related entry "no-such-entry" does not exist/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/endpoints\[0\]: endpoint "no-such-endpoint" does not exist/));
  });

  it('refuses an unknown area and a file in the wrong release folder', async () => {
    await copy.edit(ENTRY, (text) =>
      text.replace('area: ci', 'area: tokenz').replace('removed_in: "17.0"', 'removed_in: "18.0"'),
    );
    const lines = await problemsOf(copy);
    expect(lines).toContainEqual(expect.stringMatching(/area: area "tokenz" is not in areas\.yaml/));
    expect(lines).toContainEqual(expect.stringMatching(/removed_in "18\.0" does not match the folder "17\.0"/));
  });

  it('says when a rename lacks its old or new names', async () => {
    await copy.edit(ENTRY, (text) => text.replace('kind: removal', 'kind: rename'));
    const lines = await problemsOf(copy);
    expect(lines).toContainEqual(expect.stringMatching(/from: a rename entry needs `from`/));
  });

  it('refuses references from endpoints, limits and error conditions that do not resolve', async () => {
    await copy.edit('api/product-analytics-load.yaml', (text) =>
      text
        .replace('limits: [raw-export-rows-default,', 'limits: [no-such-limit,')
        .replace('errors: [funnel-after-date-unsupported]', 'errors: [no-such-error]'),
    );
    await copy.edit('limits.yaml', (text) =>
      text.replace('related: [ci-parameters-255-character-limit]', 'related: [no-such-entry]'),
    );
    const lines = await problemsOf(copy);
    expect(lines).toContainEqual(
      expect.stringMatching(/product-analytics-load\.yaml:\d+:\d+ limits\[0\]: limit "no-such-limit" is not in limits\.yaml/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/errors\[0\]: error condition "no-such-error" is not in errors\.yaml/));
    expect(lines).toContainEqual(
      expect.stringMatching(/limits\.yaml:\d+:\d+ \[\d+\]\.related\[0\]: related entry "no-such-entry" does not exist/),
    );
  });

  it('refuses a release that releases.yaml does not list', async () => {
    await copy.write('register/17.2/sample-variable-removed.yaml', SAMPLE.replace('removed_in: "17.0"', 'removed_in: "17.2"'));
    const lines = await problemsOf(copy);
    expect(lines).toContainEqual(expect.stringMatching(/removed_in: release "17\.2" is not listed in releases\.yaml/));
  });
});
