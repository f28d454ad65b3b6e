import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOS, runCli } from '../check/run-cli.ts';

const cwd = path.join(REPOS, 'analytics');

describe('sunset validate', () => {
  it('validates the default analytics folder and reports file:line:column field: message', async () => {
    const { code, stdout } = await runCli(['validate'], cwd);
    expect(code).toBe(1);
    expect(stdout).toBe(
      [
        '.gitlab/analytics/dashboards/overview.yaml:7:5 panels[1].visualization: no visualization file "revenue.yaml" next to this dashboard (in analytics/visualizations/); check the name or define it inline',
        '.gitlab/analytics/funnels/checkout.yaml:1:1 seconds_to_convert: seconds_to_convert must be more than 0',
        '.gitlab/analytics/funnels/checkout.yaml:4:5 steps[0].action: only the action "pageview" is supported',
        '4 definitions checked, 2 invalid, 3 problems',
        '',
      ].join('\n'),
    );
  });

  it('exits 0 on valid definitions', async () => {
    const { code, stdout } = await runCli(['validate', '.gitlab/analytics/funnels/signup.yaml'], cwd);
    expect(code).toBe(0);
    expect(stdout).toBe('1 definition checked, 0 invalid, 0 problems\n');
  });

  it('reads the folder under --config-dir', async () => {
    const { code, stdout } = await runCli(['validate', '--config-dir', 'elsewhere'], cwd);
    expect(code).toBe(0);
    expect(stdout).toBe('no definitions: elsewhere/analytics does not exist\n');
  });

  it('exits 2 on an unreadable path or a file whose kind is unknown', async () => {
    expect((await runCli(['validate', 'nothing-here'], cwd)).stderr).toMatch(/cannot read nothing-here/);
    const unknown = await runCli(['validate', '../clean/src/app.js'], cwd);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/is not under analytics\/funnels\//);
  });

  it('exits 2 alike on any named file that is not a definition, however its path is written', async () => {
    const uses = path.join(REPOS, 'uses');
    for (const given of [
      'assets/logo.bin',
      path.join(uses, 'assets/logo.bin'),
      'scripts//register-runner.sh',
      './scripts/register-runner.sh',
      '.gitlab-ci.yml',
    ]) {
      const result = await runCli(['validate', given], uses);
      expect(result.code, given).toBe(2);
      expect(result.stderr, given).toMatch(
        /is not under analytics\/funnels\/, analytics\/visualizations\/ or analytics\/dashboards\//,
      );
    }
  });
});
