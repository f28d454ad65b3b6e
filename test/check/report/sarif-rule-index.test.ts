import { describe, expect, it } from 'vitest';
import { sarifReport } from '../../../src/check/report/sarif-report.ts';
import { runCli } from '../run-cli.ts';
import { tempTree } from '../scan/temp-tree.ts';
import { reportInput } from './report-fixture.ts';

/** A SARIF result's `ruleIndex` points at its own rule in `tool.driver.rules`, whatever order the rules came in. */
interface SarifLog {
  runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; ruleIndex?: number }[] }[];
}
const misindexed = (log: SarifLog) => {
  const run = log.runs[0];
  if (!run) throw new Error('no run');
  return run.results.filter((result) => run.tool.driver.rules[result.ruleIndex ?? -1]?.id !== result.ruleId);
};

describe('SARIF ruleIndex', () => {
  it('points at the result’s rule when the rules are given out of order', () => {
    const input = reportInput();
    const reversed = [...input.rules].reverse();
    expect(reversed.map((rule) => rule.id)).not.toEqual([...reversed.map((rule) => rule.id)].sort());
    const log = JSON.parse(sarifReport({ ...input, rules: reversed })) as SarifLog;
    expect(log.runs[0]?.tool.driver.rules.map((rule) => rule.id)).toEqual(reversed.map((rule) => rule.id).sort());
    expect(log.runs[0]?.results.every((result) => result.ruleIndex !== undefined)).toBe(true);
    expect(misindexed(log)).toEqual([]);
  });

  it('points at the result’s rule in a real scan with findings of several entries', async () => {
    const root = tempTree({
      '.gitlab-ci.yml': [
        'dast_api:',
        '  variables:',
        '    DAST_API_SPECIFICATION: openapi.json',
        '  script:',
        '    - echo "$CI_JOB_JWT"',
        '',
      ].join('\n'),
      'queries/weights.graphql': 'query Weights {\n  project(fullPath: "a/b") {\n    issues { totalWeight }\n  }\n}\n',
    });
    const { stdout } = await runCli(['check', '.', '--to', '18.0', '--format', 'sarif'], root);
    const log = JSON.parse(stdout) as SarifLog;
    expect(new Set(log.runs[0]?.results.map((result) => result.ruleId)).size).toBeGreaterThanOrEqual(3);
    expect(misindexed(log)).toEqual([]);
  });
});
