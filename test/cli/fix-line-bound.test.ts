import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../check/run-cli.ts';
import { tempTree } from '../check/scan/temp-tree.ts';

/**
 * `sunset fix` replaces a finding's subject only on the finding's own line. A key written with an escape
 * (`"match_on_incl\x75sion"`) is found by the checker but its text is not the subject, so there is nothing
 * to rename there; the same word later in the file (in a description) is not the finding and stays.
 */
const POLICY = '.gitlab/security-policies/policy.yml';
const policy = [
  'scan_result_policy:',
  '  - name: Deny copyleft licenses',
  '    rules:',
  '      - type: license_finding',
  '        "match_on_incl\\x75sion": true',
  '    description: keeps match_on_inclusion until the policy is reviewed',
  '',
].join('\n');

describe('sunset fix stays on the line of each finding', () => {
  it('finds the escaped key but edits nothing, not even the same word on a later line', async () => {
    const root = tempTree({ [POLICY]: policy });
    const check = await runCli(['check', '.', '--to', '18.0', '--format', 'json'], root);
    const findings = (JSON.parse(check.stdout) as { findings: { ruleId: string; line: number }[] }).findings;
    expect(findings.map(({ ruleId, line }) => `${ruleId}:${line}`)).toEqual(['policy-match-on-inclusion-renamed:5']);

    const dryRun = await runCli(['fix', '--to', '18.0', '--dry-run'], root);
    expect(dryRun.stdout).toBe('');
    expect(dryRun.stderr).toContain('would replace 0 use(s) in 0 file(s)');
    await runCli(['fix', '--to', '18.0'], root);
    expect(readFileSync(path.join(root, POLICY), 'utf8')).toBe(policy);
  });

  it('still renames the key when it is written plainly, and only that line', async () => {
    const plain = policy.replace('"match_on_incl\\x75sion"', 'match_on_inclusion');
    const root = tempTree({ [POLICY]: plain });
    const result = await runCli(['fix', '--to', '18.0'], root);
    expect(result.stderr).toContain('replaced 1 use(s) in 1 file(s)');
    expect(readFileSync(path.join(root, POLICY), 'utf8')).toBe(
      plain.replace('        match_on_inclusion: true', '        match_on_inclusion_license: true'),
    );
  });
});
