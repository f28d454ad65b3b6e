import { describe, expect, it } from 'vitest';
import { REPOS, runCli } from '../check/run-cli.ts';

describe('sunset', () => {
  it('prints help with every command', async () => {
    const { code, stdout } = await runCli(['--help'], REPOS);
    expect(code).toBe(0);
    for (const command of ['check', 'plan', 'validate']) expect(stdout).toContain(`  ${command} `);
  });

  it('exits 2 without a command or with an unknown one', async () => {
    expect((await runCli([], REPOS)).code).toBe(2);
    const unknown = await runCli(['chek'], REPOS);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'sunset: unknown command "chek"; the commands are check, fix, plan, validate, readiness, reference, import (sunset --help)\n',
    );
  });
});
