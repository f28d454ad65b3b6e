import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { run } from './processes.ts';

const packed = inject('packed');
const doc = readFileSync(path.join(packed.root, 'docs', 'ci-job.md'), 'utf8');
const section = doc.slice(doc.indexOf('## The CI job'), doc.indexOf('\n## ', doc.indexOf('## The CI job') + 1));
const snippet = /```yaml\n([\s\S]*?)```/.exec(section)?.[1] ?? '';

describe("docs/ci-job.md's hand-written job", () => {
  it('runs as written in a project with the package as a dev dependency: reports written, the job fails on removals', () => {
    const job = (
      parse(snippet) as Record<
        string,
        { variables: Record<string, string>; script: string[]; artifacts: { reports: Record<string, string> } }
      >
    ).sunset;
    expect(job).toBeDefined();
    const project = mkdtempSync(path.join(packed.work, 'ci-doc-'));
    cpSync(path.join(packed.root, 'test', 'fixtures', 'repos', 'uses'), project, { recursive: true });
    // What `npm install --save-dev sunset-register` leaves behind, with the tarball standing in for the registry.
    execFileSync('git', ['init', '-q'], { cwd: project });
    writeFileSync(path.join(project, '.gitignore'), 'node_modules/\n');
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'project', private: true, devDependencies: { 'sunset-register': `file:${packed.tarball}` } }),
    );
    execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project });
    const exports = Object.entries(job?.variables ?? {}).map(([name, value]) => `export ${name}='${value}'`);
    const result = run('bash', ['-c', ['set -e', ...exports, ...(job?.script ?? [])].join('\n')], project);
    expect(result.code, result.stderr).toBe(1);
    for (const report of Object.values(job?.artifacts.reports ?? {}))
      expect(existsSync(path.join(project, report)), report).toBe(true);
    const junit = readFileSync(path.join(project, 'sunset-junit.xml'), 'utf8');
    expect(junit).toContain('runner-register-arguments-removed');
    // What fails the job shows as failed test cases, as many as the code-quality report has errors.
    const quality = JSON.parse(readFileSync(path.join(project, 'gl-code-quality-report.json'), 'utf8')) as { severity: string }[];
    const errors = quality.filter((issue) => issue.severity === 'major').length;
    expect(errors).toBeGreaterThan(0);
    expect(junit).toContain(`failures="${errors}"`);
    // The job retried in the same checkout reads the same files and writes the same reports.
    const again = run('bash', ['-c', ['set -e', ...exports, ...(job?.script ?? [])].join('\n')], project);
    expect(again.code).toBe(1);
    expect(readFileSync(path.join(project, 'sunset-junit.xml'), 'utf8')).toBe(junit);
  });
});
