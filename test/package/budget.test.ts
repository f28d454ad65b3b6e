import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { run } from './processes.ts';

const packed = inject('packed');
const MB = 1024 * 1024;

function folderBytes(folder: string): number {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).reduce((total, name) => {
    const info = statSync(path.join(folder, name));
    return info.isFile() ? total + info.size : total;
  }, 0);
}

/** The tarball's file list, as `tar` sees it. */
const files = run('tar', ['-tzf', packed.tarball], packed.work)
  .stdout.split('\n')
  .filter(Boolean)
  .map((name) => name.replace(/^package\//, ''));

describe('the packed package', () => {
  it('is at most 1.5 MB packed and 25 MB installed (with its dependencies)', () => {
    expect(statSync(packed.tarball).size).toBeLessThanOrEqual(1.5 * MB);
    expect(folderBytes(path.join(packed.consumer, 'node_modules'))).toBeLessThanOrEqual(25 * MB);
  });

  it('holds compiled JavaScript, the register as data, type declarations, README and licence, and nothing else', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'LICENSE',
        'bin/sunset.js',
        'bin/compile-cache-dir.js',
        'lib/cli.js',
        'lib/index.js',
      ]),
    );
    expect(files).toEqual(
      expect.arrayContaining(['lib/sunset-data.json', 'lib/sunset-data-more.json', 'lib/register.json', 'lib/types/index.d.ts']),
    );
    expect(files).toContain('lib/schemas/funnel.schema.json');
    expect(files).toContain('lib/schemas/sunset-config.schema.json');
    const unexpected = files.filter(
      (name) =>
        !['package.json', 'README.md', 'LICENSE', 'bin/sunset.js', 'bin/compile-cache-dir.js'].includes(name) &&
        !/^lib\/[\w-]+\.js$/.test(name) &&
        !/^lib\/[\w-]+-worker\.cjs$/.test(name) &&
        !/^lib\/(sunset-data|sunset-data-more|register)\.json$/.test(name) &&
        !/^lib\/schemas\/[\w-]+\.schema\.json$/.test(name) &&
        !/^lib\/types\/[\w/-]+\.d\.ts$/.test(name),
    );
    expect(unexpected).toEqual([]);
    // No TypeScript to run, no content YAML, tests, fixtures or site sources.
    expect(files.filter((name) => /\.ts$/.test(name) && !name.endsWith('.d.ts'))).toEqual([]);
    expect(files.filter((name) => /^(content|test|src|scripts|public)\//.test(name))).toEqual([]);
  });

  it('needs no npm dependency at run time: the installed project holds only the package', () => {
    expect(readdirSync(path.join(packed.consumer, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual([
      'sunset-register',
    ]);
  });

  it('publishes a package.json without the clone’s scripts and toolchain: no script whose file is missing', () => {
    const manifest = JSON.parse(run('tar', ['-xzOf', packed.tarball, 'package/package.json'], packed.work).stdout) as {
      scripts?: Record<string, string>;
      devDependencies?: Record<string, string>;
      bin: Record<string, string>;
    };
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
    for (const file of Object.values(manifest.bin)) expect(files).toContain(file.replace(/^\.\//, ''));
    // The clone's own lifecycle scripts print nothing on standard output, which npm's callers read as theirs.
    const { scripts } = JSON.parse(readFileSync(path.join(packed.root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const event of ['prepare', 'prepack', 'postpack', 'postinstall', 'install', 'preinstall']) {
      const command = scripts[event];
      if (!command) continue;
      const [program = '', ...args] = command.split(' ');
      const result = run(program === 'node' ? process.execPath : program, args, packed.root);
      expect(result.stdout, `${event}: ${command}`).toBe('');
    }
    // The project itself is never packed as it stands: its prepack says what to run instead.
    const refused = run('npm', ['pack', '--dry-run', '--loglevel=error'], packed.root);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('run npm run package');
  });

  it('passes npm publish --dry-run with no warnings', () => {
    // In the staged folder the tarball was packed from: the package exactly as it is published.
    const result = run('npm', ['publish', '--dry-run', '--ignore-scripts', '--loglevel=warn', '--color=false'], packed.staged);
    expect(result.code, result.stderr).toBe(0);
    const warnings = result.stderr
      .split('\n')
      // Not about the package: this machine's npm configuration, and no registry login for a dry run.
      .filter((line) => /npm warn/i.test(line) && !/Unknown (env|user|project) config|requires you to be logged in/.test(line));
    expect(warnings).toEqual([]);
    expect(result.stdout).toContain('sunset-register@');
  });
});
