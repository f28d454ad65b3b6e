import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UnreadablePathError, walk } from '../../../src/check/scan/walk.ts';
import { tempTree } from './temp-tree.ts';

const paths = (root: string, targets = ['.'], cwd = root) =>
  walk(targets, cwd)
    .files.map((file) => file.path)
    .sort();

describe('walk', () => {
  it('honours .gitignore at every level, .sunsetignore, and never enters .git', () => {
    const root = tempTree({
      '.git/config': '',
      '.gitignore': 'build/\n*.log\n',
      '.sunsetignore': 'vendor/\n',
      'a.js': '',
      'debug.log': '',
      'build/out.js': '',
      'vendor/lib.js': '',
      'sub/.gitignore': 'secret.txt\n!keep.log\n',
      'sub/secret.txt': '',
      'sub/keep.log': '',
      'sub/b.js': '',
    });
    expect(paths(root)).toEqual(['.gitignore', '.sunsetignore', 'a.js', 'sub/.gitignore', 'sub/b.js', 'sub/keep.log']);
  });

  it('never enters node_modules, at any level, and says so with listIgnored', () => {
    const root = tempTree({
      'a.js': '',
      'node_modules/sunset-register/lib/register.json': '',
      'packages/app/node_modules/dep/index.js': '',
      'packages/app/main.js': '',
      'docs/node_modules.md': '',
    });
    expect(paths(root)).toEqual(['a.js', 'docs/node_modules.md', 'packages/app/main.js']);
    expect(
      walk(['.'], root, { listIgnored: true })
        .ignored.map((note) => note.path)
        .sort(),
    ).toEqual(['node_modules', 'packages/app/node_modules']);
  });

  it('applies ignore files above a scanned folder, up to the repository root', () => {
    const root = tempTree({ '.git/HEAD': '', '.gitignore': 'generated.js\n', 'src/generated.js': '', 'src/main.js': '' });
    expect(paths(root, ['src'])).toEqual(['src/main.js']);
    expect(walk(['src'], root).files[0]?.rootPath).toBe('src/main.js');
  });

  it('reads a file named on the command line even when it is ignored', () => {
    const root = tempTree({ '.git/HEAD': '', '.gitignore': 'x.sh\n', 'x.sh': '' });
    expect(paths(root, ['x.sh'])).toEqual(['x.sh']);
  });

  it('leaves out named files that ignore files ignore with forceExclude, folders on the way included', () => {
    const root = tempTree({
      '.git/HEAD': '',
      '.gitignore': 'build/\n',
      '.sunsetignore': 'vendor/\n',
      'x.sh': '',
      'vendor/deep/lib.sh': '',
      'build/out.sh': '',
      'sub/.sunsetignore': 'gen-*.sh\n!gen-keep.sh\n',
      'sub/gen-a.sh': '',
      'sub/gen-keep.sh': '',
    });
    const named = ['x.sh', 'vendor/deep/lib.sh', 'build/out.sh', 'sub/gen-a.sh', 'sub/gen-keep.sh'];
    const forced = walk(named, root, { forceExclude: true });
    expect(forced.files.map((file) => file.path)).toEqual(['x.sh', 'sub/gen-keep.sh']);
    expect(forced.ignored).toEqual([
      { path: 'vendor/deep/lib.sh', reason: 'ignored by .sunsetignore (--force-exclude)' },
      { path: 'build/out.sh', reason: 'ignored by .gitignore (--force-exclude)' },
      { path: 'sub/gen-a.sh', reason: 'ignored by sub/.sunsetignore (--force-exclude)' },
    ]);
    // From a folder below the root, the same files are left out.
    expect(
      walk(['gen-a.sh', 'gen-keep.sh'], path.join(root, 'sub'), { forceExclude: true }).files.map((file) => file.path),
    ).toEqual(['gen-keep.sh']);
    // Without it, every named file is read.
    expect(walk(named, root).files).toHaveLength(5);
    // Outside a repository, the ignore files from the working folder down apply.
    const plain = tempTree({ '.sunsetignore': 'vendor/\n', 'vendor/lib.sh': '', 'main.sh': '' });
    expect(walk(['vendor/lib.sh', 'main.sh'], plain, { forceExclude: true }).files.map((file) => file.path)).toEqual(['main.sh']);
  });

  it('lists a file once when several targets name it', () => {
    const root = tempTree({ 'src/a.js': '', 'src/b.js': '', 'c.js': '' });
    expect(paths(root, ['.', 'src', 'src/a.js'])).toEqual(['c.js', 'src/a.js', 'src/b.js']);
  });

  it('does not follow symbolic links and says so', () => {
    const root = tempTree({ 'real/a.js': '' });
    mkdirSync(path.join(root, 'links'));
    symlinkSync(path.join(root, 'real'), path.join(root, 'links', 'loop'));
    const result = walk(['.'], root);
    expect(result.files.map((file) => file.path)).toEqual(['real/a.js']);
    expect(result.skipped).toEqual([{ path: 'links/loop', reason: 'symbolic link, not followed' }]);
  });

  it('notes a named pipe and a socket instead of reading them (a pipe would wait for a writer), unless ignored', async () => {
    const root = tempTree({ 'a.sh': 'echo\n', '.gitignore': 'ignored.pipe\n' });
    execFileSync('mkfifo', [path.join(root, 'build.pipe'), path.join(root, 'ignored.pipe')]);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(path.join(root, 'agent.sock'), resolve));
    try {
      const result = walk(['.'], root);
      expect(result.files.map((file) => file.path).sort()).toEqual(['.gitignore', 'a.sh']);
      expect([...result.skipped].sort((a, b) => a.path.localeCompare(b.path))).toEqual([
        { path: 'agent.sock', reason: 'socket, not read' },
        { path: 'build.pipe', reason: 'named pipe, not read' },
      ]);
    } finally {
      server.close();
    }
  });

  it('refuses a path that does not exist', () => {
    const root = tempTree({});
    expect(() => walk(['missing'], root)).toThrow(UnreadablePathError);
    expect(() => walk(['missing'], root)).toThrow('cannot read missing: no such file or directory');
  });

  it('reports the running count so a caller can start work early', () => {
    const root = tempTree({ 'a.js': '', 'b.js': '' });
    const counts: number[] = [];
    walk(['.'], root, (count) => counts.push(count));
    expect(counts).toEqual([1, 2]);
  });

  it('tells of every file in the order it lists them, files named on the command line included', () => {
    const root = tempTree({ 'named.sh': '', 'dir/a.js': '', 'dir/b.js': '' });
    const heard: string[] = [];
    const { files } = walk(['named.sh', 'dir'], root, { onFile: (count, file) => heard.push(`${count} ${file.path}`) });
    expect(heard).toEqual(['1 named.sh', '2 dir/a.js', '3 dir/b.js']);
    expect(files.map((file) => file.path)).toEqual(['named.sh', 'dir/a.js', 'dir/b.js']);
  });
});
