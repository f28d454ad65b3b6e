import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../check/run-cli.ts';
import { tempTree } from '../check/scan/temp-tree.ts';

/**
 * `sunset fix` on a file that is CI configuration only because the root CI file includes it locally,
 * named in each way a user may name it: the repository, the file from the root, the folder it is in, or
 * the file from inside its folder (where the path shown differs from its path in the repository). Each
 * way must fix it as `sunset check` finds it.
 */
const FILES = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.gitlab-ci.yml': 'include:\n  - local: build/scanning.yml\n',
  'build/scanning.yml': 'container_scanning:\n  variables:\n    DOCKER_IMAGE: app:1\n',
};

describe('sunset fix on a file included locally', () => {
  it.each([
    ['the repository, from its root', '', ['.'], 'build/scanning.yml'],
    ['the file, from the root', '', ['build/scanning.yml'], 'build/scanning.yml'],
    ['the file with ./, from the root', '', ['./build/scanning.yml'], 'build/scanning.yml'],
    ['the root CI file and the file, from the root', '', ['.gitlab-ci.yml', 'build/scanning.yml'], 'build/scanning.yml'],
    ['its folder, from inside it', 'build', ['.'], 'scanning.yml'],
    ['the file, from inside its folder', 'build', ['scanning.yml'], 'scanning.yml'],
    ['the file by a path through its parent, from inside its folder', 'build', ['../build/scanning.yml'], 'scanning.yml'],
  ])('named as %s', async (_case, folder, paths, shown) => {
    const root = tempTree(FILES);
    const cwd = path.join(root, folder);
    const check = await runCli(['check', ...paths, '--to', '18.0', '--format', 'json', '--fail-on', 'never'], cwd);
    const findings = (JSON.parse(check.stdout) as { findings: { file: string; ruleId: string }[] }).findings;
    expect(findings.map((finding) => `${finding.file} ${finding.ruleId}`)).toEqual([`${shown} container-scanning-cs-variables`]);

    const fix = await runCli(['fix', ...paths, '--to', '18.0'], cwd);
    expect(fix.stderr).toContain('replaced 1 use(s) in 1 file(s)');
    expect(readFileSync(path.join(root, 'build/scanning.yml'), 'utf8')).toBe(
      'container_scanning:\n  variables:\n    CS_IMAGE: app:1\n',
    );
  });
});
