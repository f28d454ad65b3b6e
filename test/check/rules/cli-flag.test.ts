import { describe, expect, it } from 'vitest';
import { matchRule } from './match-rule.ts';

const rule = { kind: 'cli-flag', command: 'gitlab-runner register', flag: '--locked' };

describe('cli-flag rule', () => {
  it('finds the flag after the command on the same logical line', () => {
    const script = 'gitlab-runner register \\\n  --url x \\\n  --locked\ngitlab-runner --debug register --locked=true\n';
    expect(matchRule(rule, 'setup.sh', script)).toEqual(['3:3 --locked', '4:32 --locked']);
  });

  it('ignores other commands, longer flags and comments', () => {
    const script =
      'gitlab-runner unregister --locked\ngitlab-runner register --locked-down\n# gitlab-runner register --locked\necho --locked\n';
    expect(matchRule(rule, 'setup.sh', script)).toEqual([]);
  });
});
