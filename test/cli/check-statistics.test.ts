import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOS, runCli } from '../check/run-cli.ts';
import { tempTree } from '../check/scan/temp-tree.ts';

const uses = path.join(REPOS, 'uses');

describe('sunset check: nothing hidden behind a green line', () => {
  it('ends a clean run with the changes of the range no scan can detect, and the skipped files', async () => {
    const clean = tempTree({ 'ok.yml': 'plain: true\n', 'logo.png': new Uint8Array([0x89, 0, 1, 2]) });
    const { code, stdout } = await runCli(['check', '.', '--from', '17.11', '--to', '18.0'], clean);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^✔ No removed or deprecated uses for 17\.11 → 18\.0/);
    expect(lines[1]).toBe('Not checked:');
    expect(lines[2]).toMatch(
      /^ {2}\d+ changes of the range no scan can detect: check them by hand \(--verbose lists them; so does sunset plan --from 17\.11 --to 18\.0\)$/,
    );
    expect(lines[3]).toBe('  1 file skipped: 1 binary (--verbose lists them)');
    // The count is the JSON report's checkByHand, the list --verbose prints.
    const json = JSON.parse((await runCli(['check', '.', '--from', '17.11', '--to', '18.0', '--format', 'json'], clean)).stdout);
    expect(lines[2]).toContain(`  ${json.checkByHand.length} changes`);
    const verbose = (await runCli(['check', '.', '--from', '17.11', '--to', '18.0', '--verbose'], clean)).stdout;
    for (const item of json.checkByHand as { id: string }[]) expect(verbose).toContain(`  ${item.id} (`);
  });

  it('prints findings per rule with --statistics, with the same exit code', async () => {
    const plain = await runCli(['check', '.', '--to', '18.0'], uses);
    const stats = await runCli(['check', '.', '--to', '18.0', '--statistics'], uses);
    expect(stats.code).toBe(plain.code);
    expect(stats.stdout.split('\n')[0]).toMatch(/^2 {2}warning {2}after-script-runs-on-cancel {2,}after_script also runs/);
    expect(stats.stdout).not.toContain('.gitlab-ci.yml\n');
    expect(stats.stdout).toContain('✖ 14 findings');
  });

  it('refuses --statistics with another format on standard output', async () => {
    const result = await runCli(['check', '.', '--to', '18.0', '--statistics', '--format', 'json'], uses);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'sunset: --statistics prints findings per rule in the text report: leave out --format, or write other formats with --report\n',
    );
  });
});
