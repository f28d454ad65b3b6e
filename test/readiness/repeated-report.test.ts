import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../check/run-cli.ts';
import { tempTree } from '../check/scan/temp-tree.ts';

/**
 * The same report gathered twice (a job's artifact copied into two folders, say) is one scan: readiness
 * counts it once and lists the copy as not counted, saying which file it repeats.
 */
interface ReadinessJson {
  projects: { project: string; findings: number; file: string }[];
  totals: { projects: number; findings: number; errors: number; unread: number };
  entries: { id: string; projects: number; findings: number }[];
  unread: { file: string; reason: string }[];
}

async function scan(root: string, project: string): Promise<string> {
  const { stdout } = await runCli(['check', '.', '--to', '18.0', '--format', 'json', '--fail-on', 'never'], root, {
    env: { CI_PROJECT_PATH: project, CI_COMMIT_SHA: 'abc123' },
  });
  return stdout;
}

describe('a report given twice to sunset readiness', () => {
  it('is counted once, and the copy is listed as repeating it', async () => {
    const repo = tempTree({ '.gitlab-ci.yml': 'job:\n  script:\n    - echo "$CI_JOB_JWT"\n    - echo "$CI_JOB_JWT_V2"\n' });
    const report = await scan(repo, 'team/app');
    const other = await scan(tempTree({ 'README.md': 'nothing to find\n' }), 'team/clean');
    const work = tempTree({
      'reports/a/sunset-report.json': report,
      'reports/b/sunset-report.json': report,
      'reports/clean.json': other,
    });
    const result = await runCli(['readiness', 'reports', '--out', 'site'], work);
    expect(result.stderr).not.toMatch(/Error|at .*\.ts/);
    const json = JSON.parse(readFileSync(path.join(work, 'site', 'readiness.json'), 'utf8')) as ReadinessJson;
    const findings = (JSON.parse(report) as { findings: unknown[] }).findings.length;
    expect(findings).toBeGreaterThanOrEqual(2);

    expect(json.projects.map((status) => [status.project, status.findings, status.file])).toEqual([
      ['team/app', findings, path.join('reports', 'a', 'sunset-report.json')],
      ['team/clean', 0, path.join('reports', 'clean.json')],
    ]);
    expect(json.totals).toMatchObject({ projects: 2, findings, errors: findings, unread: 1 });
    expect(json.entries.find((impact) => impact.id === 'ci-job-jwt-removed')).toMatchObject({ projects: 1, findings });
    expect(json.unread).toEqual([
      {
        file: path.join('reports', 'b', 'sunset-report.json'),
        reason: `repeats ${path.join('reports', 'a', 'sunset-report.json')} (same project and time)`,
      },
    ]);
  });
});
