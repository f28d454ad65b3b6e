import { describe, expect, it } from 'vitest';
import { loadRegister } from '../../../src/register/index.ts';
import { buildPlan } from '../../../src/register/plan/build-plan.ts';
import { normalizeReleaseInput } from '../../../src/register/plan/release-input.ts';
import { runCli } from '../../check/run-cli.ts';

/**
 * A patch release as an instance's help page shows it names its minor release, however many digits each
 * part has: `16.10.12` is 16.10, not a malformed release and not 16.1.
 */
describe('patch releases with parts of more than one digit', () => {
  it('reduce to their major.minor', () => {
    expect(normalizeReleaseInput('17.11.12')).toBe('17.11');
    expect(normalizeReleaseInput('16.10.123456')).toBe('16.10');
    expect(normalizeReleaseInput('  18.0.10 ')).toBe('18.0');
    // Past six patch digits it is not a patch release any more, and is left for the plan to refuse.
    expect(normalizeReleaseInput('16.10.1234567')).toBe('16.10.1234567');
  });

  it('plan the upgrade of their minor releases, in the library and in sunset plan', async () => {
    const register = await loadRegister();
    const plan = buildPlan(register, { from: '16.10.12', to: '17.0.10' });
    expect(plan.problems).toBeUndefined();
    expect([plan.from, plan.to]).toEqual(['16.10', '17.0']);
    expect(plan.mustDo.length).toBeGreaterThan(0);
    expect(buildPlan(register, { from: '16.10.1234567', to: '17.0' }).problems?.map((problem) => problem.code)).toEqual([
      'malformed-release',
    ]);

    const result = await runCli(['plan', '--from', '16.10.12', '--to', '17.0.10', '--format', 'json'], process.cwd());
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as { from: string; to: string; checkCommand: string };
    expect([printed.from, printed.to]).toEqual(['16.10', '17.0']);
    expect(printed.checkCommand).toContain('--from 16.10 --to 17.0');
  });
});
