import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/check/engine/engine.ts';
import { scanFiles } from '../../../src/check/scan/scan-files.ts';
import { walk } from '../../../src/check/scan/walk.ts';
import { activeRule } from '../active-rule.ts';
import { tempTree } from './temp-tree.ts';

const rule = activeRule('old-var', { kind: 'ci-variable', name: 'OLD_VAR' });

describe('scanFiles', () => {
  it('skips binary files and files over the size limit, and says why', () => {
    const root = tempTree({
      'a.sh': 'echo $OLD_VAR\n',
      'b.bin': Uint8Array.from([0, 1, 2]),
      'c.sh': `echo $OLD_VAR ${'x'.repeat(100)}\n`,
    });
    const engine = createEngine([rule], { configDir: '.gitlab' });
    const output = scanFiles(walk(['.'], root).files, engine, 50);
    expect(output.findings.map((finding) => `${finding.file}:${finding.line}`)).toEqual(['a.sh:1']);
    expect(output.skipped.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: 'b.bin', reason: 'binary' },
      { path: 'c.sh', reason: 'larger than the size limit (115 > 50 bytes)' },
    ]);
  });

  it('passes only files with an anchor to the matchers, but always parses CI configuration', () => {
    const root = tempTree({ 'a.sh': 'echo hi\n', 'b.sh': 'echo $OLD_VAR\n', '.gitlab-ci.yml': 'job: [\n' });
    const engine = createEngine([rule], { configDir: '.gitlab' });
    const output = scanFiles(walk(['.'], root).files, engine);
    expect(output.candidates).toBe(2);
    expect(output.findings.map((finding) => finding.ruleId).sort()).toEqual(['old-var', 'parse-error']);
  });
});
