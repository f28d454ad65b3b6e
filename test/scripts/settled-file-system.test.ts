import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fileCreationMicros,
  PROBE_FILES,
  type SettleOptions,
  SLOW_FILE_MICROS,
  settledFileSystem,
  settlingText,
} from '../../scripts/bench/settled-file-system.ts';
import { tempTree } from '../check/scan/temp-tree.ts';

/** A clock that moves only when the settling waits, and a probe that answers the given figures in turn. */
function scripted(figures: number[], extra: Partial<SettleOptions> = {}) {
  let clock = 0;
  const waits: number[] = [];
  let probes = 0;
  const options: SettleOptions = {
    probe: () => {
      const figure = figures[Math.min(probes, figures.length - 1)] as number;
      probes++;
      return figure;
    },
    wait: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
    now: () => clock,
    slowMicros: 60,
    maxMs: 30_000,
    intervalMs: 10_000,
    ...extra,
  };
  return { options, waits, probes: () => probes };
}

describe('settledFileSystem', () => {
  it('does not wait when making files is not slowed', async () => {
    const run = scripted([20]);
    const settling = await settledFileSystem('/unused', run.options);
    expect(settling).toEqual({ firstMicros: 20, micros: 20, waitedMs: 0 });
    expect(run.waits).toEqual([]);
    expect(run.probes()).toBe(1);
  });

  it('waits while slowed and stops at the first probe that is not', async () => {
    const run = scripted([400, 250, 15, 15]);
    const settling = await settledFileSystem('/unused', run.options);
    expect(settling).toEqual({ firstMicros: 400, micros: 15, waitedMs: 20_000 });
    expect(run.waits).toEqual([10_000, 10_000]);
  });

  it('takes a figure at the limit as not slowed, and one just over it as slowed', async () => {
    expect((await settledFileSystem('/unused', scripted([60]).options)).waitedMs).toBe(0);
    expect((await settledFileSystem('/unused', scripted([61, 60]).options)).waitedMs).toBe(10_000);
  });

  it('gives up at the limit, never waiting past it', async () => {
    // 30 s at most, 10 s apart: three waits reach the limit exactly; a fourth would pass it.
    const run = scripted([400]);
    const settling = await settledFileSystem('/unused', run.options);
    expect(settling).toEqual({ firstMicros: 400, micros: 400, waitedMs: 30_000 });
    expect(run.waits).toEqual([10_000, 10_000, 10_000]);
    const uneven = scripted([400], { maxMs: 25_000 });
    expect((await settledFileSystem('/unused', uneven.options)).waitedMs).toBe(20_000);
  });
});

describe('fileCreationMicros', () => {
  it('makes its files in a new folder each time, and keeps them', () => {
    const dir = tempTree({});
    const first = fileCreationMicros(dir);
    const second = fileCreationMicros(dir);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    const folders = readdirSync(dir);
    expect(folders).toHaveLength(2);
    for (const folder of folders) expect(readdirSync(path.join(dir, folder))).toHaveLength(PROBE_FILES);
  });
});

describe('settlingText', () => {
  it('says whether the bench waited, for how long, and what the figures include', () => {
    expect(settlingText({ firstMicros: 14.2, micros: 14.2, waitedMs: 0 })).toBe(
      'file system: making a file took 14 µs (not slowed by recent deletions)',
    );
    expect(settlingText({ firstMicros: 410, micros: 12, waitedMs: 45_200 })).toBe(
      'file system: making a file took 410 µs; after waiting 45 s for files deleted before the bench to stop slowing new ones, 12 µs',
    );
    expect(settlingText({ firstMicros: 410, micros: 300, waitedMs: 75_000 })).toBe(
      'file system: making a file took 410 µs; after waiting 75 s for files deleted before the bench to stop slowing new ones, still 300 µs (the figures below include the slowdown)',
    );
    expect(settlingText({ firstMicros: SLOW_FILE_MICROS, micros: SLOW_FILE_MICROS, waitedMs: 0 })).toContain('not slowed');
  });
});
