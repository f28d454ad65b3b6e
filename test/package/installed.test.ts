import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { registerVersion } from '../../src/findings/report-origin.ts';
import { loadRegister } from '../../src/register/index.ts';
import { freePort, probeReference, run, startServer } from './processes.ts';

const packed = inject('packed');
const register = await loadRegister();
const bin = path.join(packed.consumer, 'node_modules', '.bin', 'sunset');
const { version } = JSON.parse(readFileSync(path.join(packed.root, 'package.json'), 'utf8')) as { version: string };
const repos = path.join(packed.root, 'test', 'fixtures', 'repos');

// The fixture repositories are copied next to the consumer, so nothing is read from this repository's tree.
const scratch = mkdtempSync(path.join(packed.work, 'repos-'));
cpSync(repos, scratch, { recursive: true });

const NODES = [
  ['Node 24', process.execPath],
  ['Node 22', packed.node22],
] as const;

describe.each(NODES)('the installed package on %s', (_label, node) => {
  const sunset = (args: string[], cwd = packed.consumer) => run(node, [bin, ...args], cwd);

  it('is the Node it says', () => {
    const printed = run(node, ['--version'], packed.consumer).stdout.trim();
    expect(printed).toMatch(_label === 'Node 22' ? /^v22\.(1[2-9]|[2-9]\d)\./ : /^v24\./);
  });

  it('prints its version', () => {
    const result = sunset(['--version']);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(version);
  });

  it('checks a repository: findings and exit 1', () => {
    const result = sunset(['check', path.join(scratch, 'uses'), '--to', '18.0', '--format', 'json']);
    expect(result.code, result.stderr).toBe(1);
    const report = JSON.parse(result.stdout) as { findings: { rule_id?: string; ruleId?: string }[] };
    expect(report.findings.length).toBeGreaterThan(5);
    expect(result.stdout).toContain('runner-register-arguments-removed');
    // The digest the package carries is the one the clone computes from the same content.
    expect((report as unknown as { register: { version: string } }).register.version).toBe(registerVersion(register));
  });

  it('checks a repository large enough for its scan worker, which starts from its own script', () => {
    const large = mkdtempSync(path.join(packed.work, 'large-'));
    for (let index = 0; index < 4500; index += 1) writeFileSync(path.join(large, `step-${index}.sh`), `echo step ${index}\n`);
    // The uses are in the last files, which the worker may well claim.
    cpSync(path.join(scratch, 'uses'), path.join(large, 'zz-uses'), { recursive: true });
    const alone = sunset(['check', path.join(scratch, 'uses'), '--to', '18.0', '--format', 'json']);
    // A temporary directory of its own, so the cache the run keeps there is this test's to look at.
    const tmp = mkdtempSync(path.join(packed.work, 'tmp-'));
    const check = () =>
      run(node, [bin, 'check', large, '--to', '18.0', '--format', 'json'], packed.consumer, {
        TMPDIR: tmp,
        NODE_COMPILE_CACHE: '',
      });
    const threaded = check();
    expect(threaded.stderr).toBe('');
    const rules = (output: string) =>
      (JSON.parse(output) as { findings: { ruleId: string }[] }).findings.map((finding) => finding.ruleId).sort();
    expect(rules(threaded.stdout)).toEqual(rules(alone.stdout));
    expect(rules(threaded.stdout).length).toBeGreaterThan(5);
    // The worker kept the automaton it built beside the compiled code; the next run reads it and finds the same.
    const kept = readdirSync(path.join(tmp, `sunset-compile-cache-${process.getuid?.()}`));
    expect(kept.filter((name) => name.startsWith('sunset-prefilter-'))).toHaveLength(1);
    expect(rules(check().stdout)).toEqual(rules(alone.stdout));
    expect(readdirSync(path.join(packed.consumer, 'node_modules', 'sunset-register', 'lib'))).toContain('scan-worker.cjs');
  });

  it('checks a clean repository with exit 0', () => {
    const result = sunset(['check', path.join(scratch, 'clean'), '--to', '18.0']);
    expect(result.code, result.stderr + result.stdout).toBe(0);
  });

  it('checks the project it is installed in without reading its own package (no .gitignore there)', () => {
    const result = sunset(['check', '.', '--to', '18.0', '--format', 'json', '--verbose']);
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { findings: unknown[] }).findings).toEqual([]);
    expect(result.stderr).toContain('node_modules: installed dependencies');
  });

  it.skipIf(process.platform === 'win32')('keeps compiled code in a cache directory of its user alone', () => {
    const checkWithTmp = (tmp: string) => {
      const { NODE_COMPILE_CACHE: _, ...env } = process.env;
      const result = spawnSync(node, [bin, 'check', path.join(scratch, 'clean'), '--to', '18.0'], {
        cwd: packed.consumer,
        env: { ...env, TMPDIR: tmp },
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
    };
    const own = (tmp: string) => path.join(tmp, `sunset-compile-cache-${process.getuid?.()}`);
    const cached = (dir: string) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.cache'));
    const tmp = mkdtempSync(path.join(packed.work, 'tmp-'));
    checkWithTmp(tmp);
    expect(cached(own(tmp))).toEqual([expect.stringMatching(/sunset-\w+-\w+\.cache$/)]);
    // A directory of that name that others may write to is not used: the check runs uncached.
    const shared = mkdtempSync(path.join(packed.work, 'tmp-'));
    mkdirSync(own(shared));
    chmodSync(own(shared), 0o777);
    checkWithTmp(shared);
    expect(readdirSync(own(shared))).toEqual([]);
  });

  it('prints the upgrade plan as Markdown', () => {
    const result = sunset(['plan', '--from', '17.0', '--to', '18.0', '--format', 'md']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('## Upgrade plan: 17.0 → 18.0');
    expect(result.stdout).toMatch(/### Must do before upgrading \(\d+\)/);
  });

  it('validates definitions: exit 1 with file:line problems on invalid ones', () => {
    const result = sunset(['validate'], path.join(scratch, 'analytics'));
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/\.gitlab\/analytics\/funnels\/\S+\.yaml:\d+:\d+/);
  });

  it('gathers check reports into a readiness site, with both stylesheets inlined by the build', () => {
    const reports = mkdtempSync(path.join(packed.work, 'reports-'));
    const report = sunset(['check', path.join(scratch, 'uses'), '--to', '18.0', '--format', 'json', '--project', 'group/uses']);
    writeFileSync(path.join(reports, 'sunset-report.json'), report.stdout);
    const out = path.join(reports, 'site');
    const result = sunset(['readiness', reports, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    const readiness = JSON.parse(readFileSync(path.join(out, 'readiness.json'), 'utf8')) as {
      projects: { project: string; ready: boolean }[];
    };
    expect(readiness.projects).toEqual([expect.objectContaining({ project: 'group/uses', ready: false })]);
    expect(readFileSync(path.join(out, 'site.css'), 'utf8')).toBe(
      readFileSync(path.join(packed.root, 'src', 'styles', 'site.css'), 'utf8'),
    );
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('group/uses');
  });

  it('serves the reference on --port: a client key with its DSN and an analytics query over HTTP', async () => {
    const port = await freePort();
    const dataDir = path.join(packed.work, `data-${port}`);
    const server = await startServer(
      node,
      [bin, 'reference', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir],
      packed.consumer,
    );
    try {
      expect(server.url).toBe(`http://127.0.0.1:${port}`);
      const probe = await probeReference(server.url);
      expect(probe.keyStatus).toBe(201);
      expect(probe.key.sentry_dsn).toBe(`http://${probe.key.public_key}@127.0.0.1:${port}/api/v4/error_tracking/collector/1`);
      expect(probe.queryStatus).toBe(200);
      expect(Number(probe.query.results?.[0]?.data[0]?.['TrackedEvents.count'])).toBeGreaterThan(1000);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('refuses a bad port and a data directory that is a file, with exit 2', () => {
    const badPort = sunset(['reference', '--port', '70000']);
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('--port "70000" is not a port number');
    const file = path.join(packed.work, 'not-a-folder');
    writeFileSync(file, 'x');
    const badDir = sunset(['reference', '--port', '0', '--data-dir', file]);
    expect(badDir.code).toBe(2);
    expect(badDir.stderr).toContain(`--data-dir ${file} exists and is not a directory`);
  });
});

describe('the library API of the installed package', () => {
  it('loads the register, plans an upgrade and checks a repository, from plain JavaScript', () => {
    const script = `
      import { loadRegister, planUpgrade, check } from 'sunset-register';
      import { createRequire } from 'node:module';
      const register = await loadRegister();
      const plan = planUpgrade(register, { from: '17.0', to: '18.0' });
      const result = await check({ to: '18.0', paths: ['uses'], cwd: ${JSON.stringify(scratch)}, register });
      const published = createRequire(import.meta.url)('sunset-register/register.json');
      const schema = createRequire(import.meta.url)('sunset-register/schemas/funnel.schema.json');
      console.log(JSON.stringify({ entries: register.entries.length, mustDo: plan.mustDo.length, findings: result.findings.length,
        published: published.count, schema: schema.$id }));`;
    writeFileSync(path.join(packed.consumer, 'use-library.mjs'), script);
    const result = run(process.execPath, ['use-library.mjs'], packed.consumer);
    expect(result.stderr).toBe('');
    const out = JSON.parse(result.stdout) as Record<string, number | string>;
    expect(out.entries).toBeGreaterThan(100);
    expect(out.published).toBe(out.entries);
    expect(out.mustDo).toBeGreaterThan(0);
    expect(out.findings).toBeGreaterThan(5);
    expect(out.schema).toMatch(/\/schemas\/funnel\.schema\.json$/);
  });

  it('throws a PlanError for a downgrade', () => {
    writeFileSync(
      path.join(packed.consumer, 'downgrade.mjs'),
      `import { loadRegister, planUpgrade, PlanError } from 'sunset-register';
       try { planUpgrade(await loadRegister(), { from: '18.0', to: '17.0' }); } catch (error) { console.log(error instanceof PlanError, error.message); }`,
    );
    const result = run(process.execPath, ['downgrade.mjs'], packed.consumer);
    expect(result.stdout).toMatch(/^true .*18\.0/);
  });

  it('has type declarations a TypeScript consumer compiles against (with zod, the optional peer the types name)', () => {
    const { peerDependencies } = JSON.parse(readFileSync(path.join(packed.root, 'package.json'), 'utf8')) as {
      peerDependencies: Record<string, string>;
    };
    // A project of its own, so installing the peer does not touch the project other tests run in.
    const typed = mkdtempSync(path.join(packed.work, 'typed-'));
    writeFileSync(path.join(typed, 'package.json'), JSON.stringify({ name: 'typed', private: true, type: 'module' }));
    const install = run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', packed.tarball, `zod@${peerDependencies.zod}`],
      typed,
    );
    expect(install.code, install.stderr).toBe(0);
    writeFileSync(
      path.join(typed, 'typed.ts'),
      `import { loadRegister, planUpgrade, type Plan, type Register } from 'sunset-register';
       const register: Register = await loadRegister();
       const plan: Plan = planUpgrade(register, { from: '17.0', to: '18.0' });
       const count: number = plan.mustDo.length;
       // @ts-expect-error: the input needs a target release
       planUpgrade(register, { from: '17.0' });
       export { count };`,
    );
    writeFileSync(
      path.join(typed, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        files: ['typed.ts'],
      }),
    );
    const tsc = path.join(packed.root, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = run(process.execPath, [tsc, '-p', 'tsconfig.json'], typed);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});
