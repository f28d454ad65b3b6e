import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { interpolate, readComponent } from './ci-component.ts';
import { run, startServer } from './processes.ts';

const packed = inject('packed');
const README = readFileSync(path.join(packed.root, 'README.md'), 'utf8');
const { version } = JSON.parse(readFileSync(path.join(packed.root, 'package.json'), 'utf8')) as { version: string };

/** The fenced code blocks of one README section, in order. */
function blocks(heading: string): { lang: string; text: string }[] {
  const start = README.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README has no section "${heading}"`);
  const end = README.indexOf('\n## ', start + 1);
  const section = README.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((match) => ({ lang: match[1] ?? '', text: match[2] ?? '' }));
}

/** A copy of a fixture repository as a git work tree that ignores node_modules, with the package installed. */
function project(fixture: string): string {
  const folder = mkdtempSync(path.join(packed.work, 'readme-'));
  cpSync(path.join(packed.root, 'test', 'fixtures', 'repos', fixture), folder, { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: folder });
  writeFileSync(path.join(folder, '.gitignore'), 'node_modules/\n');
  writeFileSync(path.join(folder, 'package.json'), '{"name":"project","private":true}\n');
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', packed.tarball], {
    cwd: folder,
  });
  return folder;
}

describe('the README, run as written', () => {
  it('includes the component with inputs it declares, and the job runs with them', () => {
    const [include] = blocks('Check your repository in the pipeline');
    const config = parse(include?.text ?? '') as { include: { component: string; inputs: Record<string, string> }[] };
    const entry = config.include[0];
    expect(entry?.component).toMatch(new RegExp(`/check@${version.replaceAll('.', '\\.')}$`));
    const component = readComponent(path.join(packed.root, 'templates', 'check.yml'));
    // The README's inputs, with the package from the tarball: this version is not on the registry here.
    const job = (
      parse(interpolate(component, { ...entry?.inputs, package: packed.tarball }, { version })) as Record<
        string,
        { variables: Record<string, string>; script: string[] }
      >
    )['sunset-check'];
    const folder = mkdtempSync(path.join(packed.work, 'readme-ci-'));
    cpSync(path.join(packed.root, 'test', 'fixtures', 'repos', 'uses'), folder, { recursive: true });
    const script = [
      'set -e',
      ...Object.entries(job?.variables ?? {}).map(([name, value]) => `export ${name}='${value}'`),
      `export SUNSET_HOME='${path.join(folder, '..', `${path.basename(folder)}-cli`)}'`,
      ...(job?.script ?? []),
    ];
    const result = run('bash', ['-c', script.join('\n')], folder);
    expect(result.code, result.stderr).toBe(1);
    expect(readFileSync(path.join(folder, 'sunset-report.json'), 'utf8')).toContain('"findings"');
  });

  it('runs the local npx commands in a repository', () => {
    const [commands] = blocks('Check it locally');
    expect(commands?.lang).toBe('sh');
    const folder = project('uses');
    const lines = (commands?.text ?? '').split('\n').filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(2);
    const check = run('bash', ['-c', lines[0] ?? ''], folder);
    expect(check.code, check.stderr).toBe(1);
    expect(check.stdout).toContain('runner-register-arguments-removed');
    expect(check.stdout).not.toContain('node_modules/');
    const plan = run('bash', ['-c', lines[1] ?? ''], folder);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('## Upgrade plan: 17.0 → 18.0');
  });

  it('configures the pre-commit hook the package declares, and its args run', () => {
    const config = parse(blocks('Check it locally')[1]?.text ?? '') as { repos: { hooks: { id: string; args: string[] }[] }[] };
    const hook = config.repos[0]?.hooks[0];
    const declared = parse(readFileSync(path.join(packed.root, '.pre-commit-hooks.yaml'), 'utf8')) as {
      id: string;
      entry: string;
    }[];
    const entry = declared.find((candidate) => candidate.id === hook?.id);
    expect(entry).toBeDefined();
    const [command = '', ...words] = (entry?.entry ?? '').split(' ');
    const folder = project('uses');
    const result = run(command, [...words, ...(hook?.args ?? []), 'scripts/register-runner.sh'], folder, {
      PATH: `${path.join(folder, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`,
    });
    expect(result.code, result.stderr).toBe(1);
  });

  it('starts the reference with the service command as written, the script waits for it, and the SDK example reports an error to it', async () => {
    const [pipeline, sdk] = blocks('The reference server in your pipeline');
    const job = (
      parse(pipeline?.text ?? '') as Record<
        string,
        { services: { command: string[] }[]; variables: Record<string, string>; script: string[] }
      >
    )['sdk-tests'];
    const [command = '', ...args] = job?.services[0]?.command ?? [];
    const folder = project('clean');
    const port = new URL(job?.variables.SUNSET_URL ?? '').port;
    // The script's wait, started before the service as a job's script may be: it must hold until the server answers.
    const wait = (job?.script ?? []).find((line) => line.includes('--wait-for'));
    expect(wait).toBeDefined();
    const waiting = spawn('bash', ['-c', wait ?? ''], {
      cwd: folder,
      env: { ...process.env, SUNSET_URL: `http://127.0.0.1:${port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let waited = '';
    waiting.stdout.on('data', (chunk: Buffer) => {
      waited += chunk.toString();
    });
    waiting.stderr.on('data', (chunk: Buffer) => {
      waited += chunk.toString();
    });
    const waitEnded = new Promise<number | null>((resolve) => waiting.once('exit', resolve));
    const server = await startServer(command, args, folder);
    try {
      expect(await waitEnded, waited).toBe(0);
      expect(waited).toMatch(/is ready \(after \d+\.\d s\)/);
      expect(server.url).toBe(`http://localhost:${port}`);
      // The example runs where @sentry/node is installed: this project's own dev dependencies.
      const scratch = path.join(packed.root, 'node_modules', '.cache', 'sunset-readme');
      mkdirSync(scratch, { recursive: true });
      writeFileSync(path.join(scratch, 'report-error.mjs'), sdk?.text ?? '');
      // In the pipeline the service's alias is its host name; here it is this machine.
      const report = run(process.execPath, ['report-error.mjs'], scratch, { SUNSET_URL: `http://127.0.0.1:${port}` });
      expect(report.code, report.stderr).toBe(0);
      const errors = await fetch(`http://127.0.0.1:${port}/api/v4/projects/1/error_tracking/errors`, {
        headers: { 'PRIVATE-TOKEN': 'demo-read-token' },
      });
      expect(errors.status).toBe(200);
      expect(JSON.stringify(await errors.json())).toContain('checkout failed');
    } finally {
      await server.stop();
    }
  });
});
