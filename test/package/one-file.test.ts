import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { freePort, probeReference, run, startServer } from './processes.ts';

const packed = inject('packed');
const MAX_BYTES = 3 * 1024 * 1024;

// sunset.mjs alone in an empty folder: no node_modules, no package.json, nothing of this repository.
const alone = mkdtempSync(path.join(packed.work, 'alone-'));
copyFileSync(packed.oneFile, path.join(alone, 'sunset.mjs'));
const repo = path.join(alone, 'repo');
cpSync(path.join(packed.root, 'test', 'fixtures', 'repos', 'uses'), repo, { recursive: true });
const analytics = path.join(alone, 'analytics');
cpSync(path.join(packed.root, 'test', 'fixtures', 'repos', 'analytics'), analytics, { recursive: true });

describe('sunset.mjs, the one-file build', () => {
  it(`is at most ${MAX_BYTES / 1024 / 1024} MB and imports nothing but Node's own modules`, () => {
    expect(statSync(packed.oneFile).size).toBeLessThanOrEqual(MAX_BYTES);
    const text = readFileSync(packed.oneFile, 'utf8');
    const patterns = [
      /(?:^|[;}\n])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g,
      /\bimport\(\s*["']([^"']+)["']\s*\)/g,
      /\brequire\(\s*["']([^"']+)["']\s*\)/g,
    ];
    const specifiers = patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] as string));
    expect(specifiers).toContain('node:worker_threads');
    const own = (specifier: string) => isBuiltin(specifier);
    expect(specifiers.filter((specifier) => !own(specifier))).toEqual([]);
    expect(readdirSync(alone).sort()).toEqual(['analytics', 'repo', 'sunset.mjs']);
  });

  it.each([
    ['Node 24', process.execPath],
    ['Node 22', packed.node22],
  ])('runs check, plan and validate with plain node on %s', (_label, node) => {
    const check = run(node, ['sunset.mjs', 'check', 'repo', '--to', '18.0'], alone);
    expect(check.code, check.stderr).toBe(1);
    expect(check.stdout).toContain('runner-register-arguments-removed');
    const plan = run(node, ['sunset.mjs', 'plan', '--from', '17.0', '--to', '18.0', '--format', 'md'], alone);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('## Upgrade plan: 17.0 → 18.0');
    const validate = run(node, [path.join(alone, 'sunset.mjs'), 'validate'], analytics);
    expect(validate.code).toBe(1);
    expect(validate.stdout).toMatch(/funnels\/\S+\.yaml:\d+:\d+/);
  });

  it('starts its scan workers from itself on a repository large enough for threads', () => {
    const large = path.join(alone, 'large');
    mkdirSync(large);
    for (let index = 0; index < 4500; index += 1) writeFileSync(path.join(large, `step-${index}.sh`), `echo step ${index}\n`);
    // The uses are in the last files, which a worker may well claim.
    cpSync(path.join(repo, 'scripts'), path.join(large, 'zz-scripts'), { recursive: true });
    const single = run(process.execPath, ['sunset.mjs', 'check', 'repo/scripts', '--to', '18.0', '--format', 'json'], alone);
    const threaded = run(process.execPath, ['sunset.mjs', 'check', 'large', '--to', '18.0', '--format', 'json'], alone);
    expect(threaded.stderr).toBe('');
    const count = (output: string) => (JSON.parse(output) as { findings: unknown[] }).findings.length;
    expect(count(threaded.stdout)).toBe(count(single.stdout));
    expect(count(threaded.stdout)).toBeGreaterThan(0);
  });

  it('serves the reference', async () => {
    const port = await freePort();
    const server = await startServer(
      process.execPath,
      ['sunset.mjs', 'reference', '--port', String(port), '--host', '127.0.0.1'],
      alone,
    );
    try {
      const probe = await probeReference(server.url);
      expect(probe.keyStatus).toBe(201);
      expect(probe.key.sentry_dsn).toContain(`@127.0.0.1:${port}/api/v4/error_tracking/collector/1`);
      expect(probe.queryStatus).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
