/**
 * `sunset import` and `--register` in the package as users install it, on the oldest Node it supports and
 * on the project's own; and the check script every pipeline runs carries none of that code.
 */
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { run } from './processes.ts';

const packed = inject('packed');
const bin = path.join(packed.consumer, 'node_modules', '.bin', 'sunset');
const platform = path.join(packed.root, 'test', 'fixtures', 'platform');
const repo = mkdtempSync(path.join(packed.work, 'register-folders-'));
cpSync(path.join(packed.root, 'test', 'fixtures', 'repos', 'uses'), repo, { recursive: true });

describe.each([
  ['Node 24', process.execPath],
  ['Node 22', packed.node22],
] as const)('register folders in the installed package on %s', (label, node) => {
  const out = path.join(packed.work, `imported-${label.replace(' ', '')}`);

  it('imports the platform data, then checks and plans with it', () => {
    const imported = run(
      node,
      [
        bin,
        'import',
        path.join(platform, 'data', 'deprecations'),
        '--upgrade-path',
        path.join(platform, 'config', 'upgrade_path.yml'),
        '--out',
        out,
      ],
      packed.consumer,
    );
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toMatch(/38 entries written to .*; 16 skipped .*; 13 upgrade stop\(s\)\n$/);

    const check = run(node, [bin, 'check', repo, '--to', '18.0', '--format', 'json', '--register', out], packed.consumer);
    expect(check.code, check.stderr).toBe(1);
    const report = JSON.parse(check.stdout) as { checkByHand: { id: string; platform?: { resolutionRole?: string } }[] };
    expect(report.checkByHand.find((item) => item.id === '16-0-job-token-allowlist')?.platform?.resolutionRole).toBe(
      'Maintainer',
    );

    const plan = run(node, [bin, 'plan', '--from', '16.0', '--to', '17.0', '--register', out], packed.consumer);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('#### At stop 16.3, before moving on to 16.7');
  });
});

describe('the package’s check script', () => {
  it('holds no code of the import or of register folders: a plain check loads as before', () => {
    const script = readFileSync(path.join(packed.consumer, 'node_modules', 'sunset-register', 'lib', 'check-script.js'), 'utf8');
    for (const text of [
      'the register folder does not exist',
      'Candidate detect: blocks',
      'register conflict',
      "Reads the platform's own deprecation data",
    ]) {
      expect(script).not.toContain(text);
    }
  });
});

describe('the library', () => {
  it('loads the built-in register merged with a register folder', () => {
    const out = path.join(packed.work, 'imported-Node24');
    const script = `import { loadRegister, planUpgrade } from 'sunset-register';
const register = await loadRegister(undefined, { registers: [${JSON.stringify(out)}] });
const plan = planUpgrade(register, { from: '16.0', to: '17.0' });
console.log(register.entry('16-2-cli-token-flag')?.origin, plan.legs?.length, planUpgrade(register, { from: '16.0', to: '17.0', direct: true }).direct);`;
    const result = run(process.execPath, ['--input-type=module', '-e', script], packed.consumer);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('imported 4 true');
  });
});
