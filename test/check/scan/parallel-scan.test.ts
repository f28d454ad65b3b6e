import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/check/engine/engine.ts';
import { createScanPool, scanBesideWorkers } from '../../../src/check/scan/parallel-scan.ts';
import { type ScanOutput, standingFindings } from '../../../src/check/scan/scan-files.ts';
import { type WalkedFile, walk } from '../../../src/check/scan/walk.ts';
import { announce, claimChunk, sharedState, siftClaimedChunks } from '../../../src/check/scan/worker-sift.ts';
import { activeRule } from '../active-rule.ts';
import { tempTree } from './temp-tree.ts';

const rule = activeRule('old-var', { kind: 'ci-variable', name: 'OLD_VAR' });

/** What a scan reports, in an order that does not depend on which thread read which file. */
const settled = (output: ScanOutput) => ({
  findings: output.findings.map((finding) => `${finding.file}:${finding.line} ${finding.ruleId}`).sort(),
  skipped: output.skipped.map((note) => `${note.path}: ${note.reason}`).sort(),
  bytes: output.bytes,
  candidates: output.candidates,
});

/** Enough files for a worker: uses, binary and oversized files spread over every thread's chunks. */
function largeTree(): Record<string, string | Uint8Array> {
  const files: Record<string, string | Uint8Array> = {};
  for (let index = 0; index < 4200; index++) {
    const name = `step-${String(index).padStart(4, '0')}`;
    if (index % 150 === 7) files[`${name}.sh`] = `echo one\necho $OLD_VAR\n`;
    else if (index % 700 === 3) files[`${name}.bin`] = Uint8Array.from([0, 1, 2]);
    else if (index % 900 === 5) files[`${name}.sh`] = `echo $OLD_VAR ${'x'.repeat(200)}\n`;
    else files[`${name}.sh`] = `echo step ${index}\n`;
  }
  // CI configuration without an anchor is parsed all the same, whichever thread reads it.
  files['.gitlab-ci.yml'] = 'job: [\n';
  files['zz/.gitlab-ci.yml'] = 'job: [\n';
  return files;
}

describe('createScanPool', () => {
  it.each([2, 3])('reports the same with %i threads as with one', async (threads) => {
    const walked = walk(['.'], tempTree(largeTree())).files;
    const job = { files: walked, rules: [rule], layout: { configDir: '.gitlab' }, maxBytes: 100 };

    const single = settled(await createScanPool(1).run(job));
    const threaded = settled(await createScanPool(threads).run(job));

    expect(threaded).toEqual(single);
    expect(single.findings).toHaveLength(28 + 2);
    expect(single.findings).toContain('.gitlab-ci.yml:2 parse-error');
    expect(single.findings).toContain('zz/.gitlab-ci.yml:2 parse-error');
    expect(single.skipped).toContain('step-0003.bin: binary');
    expect(single.skipped).toContain('step-0005.sh: larger than the size limit (215 > 100 bytes)');
  });

  it.each([1, 3])('with %i threads, drops a finding of a variable left unset once any CI file sets it', async (threads) => {
    const unset = activeRule('feature-opt-in', {
      kind: 'ci-variable-unset',
      name: 'FEATURE_ON',
      when: ['Feature.gitlab-ci.yml'],
    });
    const tree = largeTree();
    tree['.gitlab-ci.yml'] = 'include:\n  - template: Feature.gitlab-ci.yml\n';
    tree['zz/.gitlab-ci.yml'] = 'job:\n  script: [make]\n';
    const job = (files: Record<string, string | Uint8Array>) => ({
      files: walk(['.'], tempTree(files)).files,
      rules: [unset],
      layout: { configDir: '.gitlab' },
      maxBytes: 100,
    });
    const unsettled = await createScanPool(threads).run(job(tree));
    expect(standingFindings(unsettled).map((finding) => `${finding.file}:${finding.line}`)).toEqual(['.gitlab-ci.yml:2']);
    // Another root's CI file sets it: it holds no use of the feature, so only the settling check reads it.
    tree['zz/.gitlab-ci.yml'] = 'variables:\n  FEATURE_ON: "false"\n';
    const settledElsewhere = await createScanPool(threads).run(job(tree));
    expect(settledElsewhere.findings.map((finding) => finding.file)).toEqual(['.gitlab-ci.yml']);
    expect(standingFindings(settledElsewhere)).toEqual([]);
  });

  it('asks for the layout once, while the workers sift, and matches with it', async () => {
    const walked = walk(['.'], tempTree({ ...largeTree(), 'ci/tags.yml': 'job:\n  script: echo $OLD_VAR\n' })).files;
    let asked = 0;
    const layout = () => {
      asked++;
      return { configDir: '.gitlab', includes: new Set(['ci/tags.yml']) };
    };
    const job = { files: walked, rules: [rule], maxBytes: 100 };
    const threaded = settled(await createScanPool(2).run({ ...job, layout }));
    expect(asked).toBe(1);
    expect(threaded).toEqual(settled(await createScanPool(1).run({ ...job, layout: layout() })));
    expect(threaded.findings).toContain('ci/tags.yml:2 old-var');
  });

  it('matches the files a worker passed, notes those it skipped, and parses the CI files it did not pass', async () => {
    const walked = walk(['.'], tempTree(largeTree())).files;
    const job = { files: walked, rules: [rule], layout: { configDir: '.gitlab' }, maxBytes: 100 };
    const engine = createEngine(job.rules, job.layout);
    const { port1, port2 } = new MessageChannel();
    const shared = { ...sharedState(), chunk: 64 };
    port1.postMessage(walked.map((file) => file.absolute).join('\0'));
    announce(shared, walked.length, true);
    // A worker that claims every chunk before this thread starts: everything reaches it through the worker.
    const sifted = siftClaimedChunks({
      ...shared,
      anchors: engine.prefilter.table().anchors,
      sendTable: false,
      maxBytes: job.maxBytes,
      paths: port2,
    });
    port1.close();

    const besides = settled(await scanBesideWorkers(job, engine, shared, [Promise.resolve(sifted)]));

    expect(besides).toEqual(settled(await createScanPool(1).run(job)));
    expect(besides.findings).toHaveLength(28 + 2);
  });

  it('takes chunks from the back, leaving those a worker claimed from the front to it', async () => {
    const walked = walk(['.'], tempTree(largeTree())).files;
    const job = { files: walked, rules: [rule], layout: { configDir: '.gitlab' }, maxBytes: 100 };
    const engine = createEngine(job.rules, job.layout);
    const shared = { ...sharedState(), chunk: 64 };
    announce(shared, walked.length, true);
    // A worker holds the first ten chunks and passed nothing from them.
    const claimed = new Uint8Array(shared.claimed);
    for (let start = 0; start < 640; start += 64) expect(claimChunk(claimed, start)).toBe(true);
    expect(claimChunk(claimed, 0)).toBe(false);

    const besides = settled(await scanBesideWorkers(job, engine, shared, []));

    const single = settled(await createScanPool(1).run(job));
    const front = new Set(walked.slice(0, 640).map((file) => file.path));
    // The worker's files are not read here, but for CI files, which are parsed whoever sifted them.
    expect(besides.findings).toEqual(
      single.findings.filter((finding) => !front.has(finding.split(':')[0] as string) || finding.includes('gitlab-ci')),
    );
    expect(besides.findings.length).toBeLessThan(single.findings.length);
    // Every chunk past the worker's went to this thread.
    expect(claimed.filter((byte, index) => byte === 1 && index % 64 === 0)).toHaveLength(Math.ceil(walked.length / 64));

    // From the last chunk down, stopping at the first a worker holds: workers claim in order, so those before it are theirs.
    const other = { ...sharedState(), chunk: 64 };
    announce(other, walked.length, true);
    claimChunk(new Uint8Array(other.claimed), 64 * 60);
    const back = settled(await scanBesideWorkers(job, engine, other, []));
    const read = new Set(walked.slice(64 * 61).map((file) => file.path));
    expect(back.findings).toEqual(
      single.findings.filter((finding) => read.has(finding.split(':')[0] as string) || finding.includes('gitlab-ci')),
    );
    expect(back.findings.length).toBeLessThan(besides.findings.length);
  });

  it('sifts while the walk goes on: workers wait for files not found yet, and all are checked once', async () => {
    const walked = walk(['.'], tempTree(largeTree())).files;
    const job = { files: walked, rules: [rule], layout: { configDir: '.gitlab' }, maxBytes: 100 };
    const pool = createScanPool(3, { rules: job.rules, maxBytes: job.maxBytes });
    // Found in bursts with pauses, so a worker claims chunks past what has been found and waits for them.
    for (let index = 0; index < walked.length; index++) {
      pool.found(walked[index] as WalkedFile);
      if (index % 700 === 699) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const streamed = settled(await pool.run(job));
    expect(streamed).toEqual(settled(await createScanPool(1).run(job)));
    expect(streamed.findings).toHaveLength(28 + 2);
  });

  it('keeps the automaton its first worker built in the compile cache directory, and reads it on the next run', async () => {
    const walked = walk(['.'], tempTree(largeTree())).files;
    const job = { files: walked, rules: [rule], layout: { configDir: '.gitlab' }, maxBytes: 100 };
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sunset-scan-cache-'));
    const before = process.env.NODE_COMPILE_CACHE;
    process.env.NODE_COMPILE_CACHE = dir;
    try {
      const first = settled(await createScanPool(2).run(job));
      expect(readdirSync(dir).filter((name) => name.startsWith('sunset-prefilter-'))).toHaveLength(1);
      const second = settled(await createScanPool(2).run(job));
      expect(second).toEqual(first);
      expect(first).toEqual(settled(await createScanPool(1).run(job)));
    } finally {
      if (before === undefined) delete process.env.NODE_COMPILE_CACHE;
      else process.env.NODE_COMPILE_CACHE = before;
    }
  });

  it('ends its workers when the walk fails before a scan', async () => {
    const walked = walk(['.'], tempTree(largeTree())).files;
    const pool = createScanPool(2, { rules: [rule], maxBytes: 100 });
    for (const file of walked.slice(0, 2100)) pool.found(file);
    // A worker started at 2,000 files waits for more; told the walk is over, it ends (or this never settles).
    await pool.stop();
  });

  it('refuses a job with fewer files than the walk told it of', async () => {
    const walked = walk(['.'], tempTree({ 'a.sh': 'echo $OLD_VAR\n', 'b.sh': 'echo\n' })).files;
    const pool = createScanPool(2, { rules: [rule], maxBytes: 100 });
    for (const file of walked) pool.found(file);
    await expect(
      pool.run({ files: walked.slice(1), rules: [rule], layout: { configDir: '.gitlab' }, maxBytes: 100 }),
    ).rejects.toThrow('heard of more files than the job holds');
  });

  it('sends a rule without an anchor only the files it reads, and still sifts the rest', async () => {
    const unset = activeRule('opt-in', {
      kind: 'ci-variable-unset',
      name: 'SCAN_OPT_IN',
      when: ['Scanner-Template', 'scanner_job'],
    });
    const files = { ...largeTree(), 'ci/.gitlab-ci.yml': 'scanner_job:\n  stage: test\n' };
    const walked = walk(['.'], tempTree(files)).files;
    const job = { files: walked, rules: [rule, unset], layout: { configDir: '.gitlab' }, maxBytes: 100 };
    const engine = createEngine(job.rules, job.layout);
    expect([engine.readsAlways('ci/.gitlab-ci.yml'), engine.readsAlways('step-0001.sh')]).toEqual([true, false]);

    const single = settled(await createScanPool(1).run(job));
    const alone = settled(await createScanPool(1).run({ ...job, rules: [rule] }));
    expect(single.findings).toContain('ci/.gitlab-ci.yml:1 opt-in');
    // Files without an anchor stay unread: the CI files the new rule reads are read for parse errors anyway.
    expect(single.candidates).toBe(alone.candidates);
    expect(single.candidates).toBeLessThan(100);
    expect(settled(await createScanPool(2).run(job))).toEqual(single);
  });
});
