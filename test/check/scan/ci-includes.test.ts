import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCheck } from '../../../src/check/check.ts';
import { PROJECT_ROOT } from '../../../src/check/register-source.ts';
import { ciLayout, includedFiles } from '../../../src/check/scan/ci-includes.ts';
import { walk } from '../../../src/check/scan/walk.ts';
import { loadRegister } from '../../../src/register/index.ts';
import { tempTree } from './temp-tree.ts';

const register = await loadRegister();

/** A hidden job holding only tags: CI configuration only because the root CI file includes it. */
const TAGS = '.runner-tags:\n  tags: [docker, gce]\n';
const ROOT = 'include:\n  - local: ci/tags.yml\n';

/** A temporary git repository holding `files`. */
function repository(files: Record<string, string>): string {
  const root = tempTree(files);
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: root });
  return root;
}

describe('CI includes', () => {
  it('reads no includes of a root CI file over the anchor limit, which the check reports as not read', () => {
    const aliases = Array.from({ length: 2100 }, (_, index) => `job${index}:\n  variables: *vars`).join('\n');
    const many = `.vars: &vars\n  A: "1"\n${ROOT}${aliases}\n`;
    expect([...includedFiles(many, ['ci/tags.yml'])]).toEqual([]);
    expect([...includedFiles(ROOT, ['ci/tags.yml'])]).toEqual(['ci/tags.yml']);
  });

  it("finds a root CI file the walk saw but left out (ignored) from the walk's listing, as from the disk", () => {
    const root = repository({ '.gitignore': '.gitlab-ci.yml\n', '.gitlab-ci.yml': ROOT, 'ci/tags.yml': TAGS });
    const walked = walk(['.'], root);
    expect(walked.files.map((file) => file.rootPath).sort()).toEqual(['.gitignore', 'ci/tags.yml']);
    expect(walked.listing.rootCi).toEqual(new Set([path.join(root, '.gitlab-ci.yml')]));
    expect([...(ciLayout(walked.files, '.gitlab', walked.listing).includes ?? [])]).toEqual(['ci/tags.yml']);
    expect([...(ciLayout(walked.files, '.gitlab').includes ?? [])]).toEqual(['ci/tags.yml']);
    // A folder the walk listed without the name is not asked again: the listing is what the disk held.
    const stale = { listed: walked.listing.listed, rootCi: new Set<string>() };
    expect([...(ciLayout(walked.files, '.gitlab', stale).includes ?? [])]).toEqual([]);
    // A folder it did not list (above a file passed alone) is asked.
    const alone = walk(['ci/tags.yml'], root);
    expect(alone.listing.listed.size).toBe(0);
    expect([...(ciLayout(alone.files, '.gitlab', alone.listing).includes ?? [])]).toEqual(['ci/tags.yml']);
  });

  it('parses a root CI file only when it may include something, and lists candidates only then', () => {
    let listed = 0;
    const candidates = () => {
      listed++;
      return ['ci/tags.yml'];
    };
    expect([...includedFiles('job:\n  script: [make]\n', candidates)]).toEqual([]);
    expect(listed).toBe(0);
    expect([...includedFiles(ROOT, candidates)]).toEqual(['ci/tags.yml']);
    expect(listed).toBe(1);
  });

  it('resolves local includes in every syntax, globs included, and skips other kinds', () => {
    const ci = [
      'include:',
      '  - local: /ci/build.yml',
      "  - 'ci/test.yml'",
      '  - local: jobs/*.yml',
      '  - remote: https://example.com/x.yml',
      '  - project: group/other',
      '    file: /x.yml',
      '',
    ].join('\n');
    const found = includedFiles(ci, ['ci/build.yml', 'ci/test.yml', 'jobs/a.yml', 'jobs/deep/b.yml', 'x.yml']);
    expect([...found].sort()).toEqual(['ci/build.yml', 'ci/test.yml', 'jobs/a.yml']);
  });

  it('reads a single include and survives a file that does not parse', () => {
    expect([...includedFiles('include: ci/a.yml\n', ['ci/a.yml'])]).toEqual(['ci/a.yml']);
    expect(includedFiles('include: [\n', ['ci/a.yml']).size).toBe(0);
  });

  it('reads an included file passed alone as CI configuration, as the repository’s root CI file includes it', async () => {
    const check = async (files: Record<string, string>) => {
      const cwd = repository(files);
      const result = await runCheck(register, {
        paths: ['ci/tags.yml'],
        cwd,
        range: { from: '16.0', to: '18.0' },
        only: new Set(['hosted-runner-small-linux-tags-reduced']),
        configDir: '.gitlab',
      });
      return { findings: result.findings.map((finding) => `${finding.file}:${finding.line}`), layout: result.layout };
    };
    const included = await check({ '.gitlab-ci.yml': ROOT, 'ci/tags.yml': TAGS });
    expect(included.findings).toEqual(['ci/tags.yml:2']);
    expect([...(included.layout.includes ?? [])]).toEqual(['ci/tags.yml']);
    // Without the include, a file of tags is not CI configuration.
    expect((await check({ '.gitlab-ci.yml': 'build:\n  script: [make]\n', 'ci/tags.yml': TAGS })).findings).toEqual([]);
    // A project's own root CI file in a folder of the repository includes relative to that folder.
    const nested = repository({ 'app/.gitlab-ci.yml': ROOT, 'app/ci/tags.yml': TAGS });
    const result = await runCheck(register, {
      paths: ['app/ci/tags.yml'],
      cwd: nested,
      range: { from: '16.0', to: '18.0' },
      configDir: '.gitlab',
    });
    expect([...(result.layout.includes ?? [])]).toEqual(['app/ci/tags.yml']);
  });

  it('is what the real pre-commit sees when only the included file is staged', () => {
    const repo = repository({ '.gitlab-ci.yml': ROOT, 'ci/tags.yml': TAGS });
    const node = realpathSync(path.join(PROJECT_ROOT, 'node_modules', '.bin', 'node'));
    const entry = `${node} ${path.join(PROJECT_ROOT, 'bin', 'sunset.js')} check --to 18.0`;
    writeFileSync(
      path.join(repo, '.pre-commit-config.yaml'),
      `repos:\n  - repo: local\n    hooks:\n      - id: sunset-check\n        name: sunset check\n        entry: ${entry}\n        language: system\n        types: [yaml]\n        exclude: ^\\.pre-commit-config\\.yaml$\n`,
    );
    execFileSync('git', ['add', 'ci/tags.yml', '.pre-commit-config.yaml'], { cwd: repo });
    const home = path.join(repo, '.git', 'pre-commit-home');
    mkdirSync(home);
    const run = spawnSync('pre-commit', ['run'], { cwd: repo, encoding: 'utf8', env: { ...process.env, PRE_COMMIT_HOME: home } });
    expect(run.status, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(/ci\/tags\.yml\n\s+2:\d+\s+error\s.*hosted-runner-small-linux-tags-reduced/);
    expect(readFileSync(path.join(repo, 'ci/tags.yml'), 'utf8')).toBe(TAGS);
  });
});
