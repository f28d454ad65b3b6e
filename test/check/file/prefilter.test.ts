import { describe, expect, it } from 'vitest';
import { buildTable, createPrefilter } from '../../../src/check/file/prefilter.ts';

const bytes = (text: string) => Buffer.from(text);

describe('prefilter', () => {
  const prefilter = createPrefilter(['CI_JOB_JWT', 'CI_JOB_JWT_V2', 'JWT_V2X', '-/jwks', 'héllo']);

  it('says whether any anchor occurs', () => {
    expect(prefilter.hits(bytes('echo $CI_JOB_JWT'))).toBe(true);
    expect(prefilter.hits(bytes('echo $CI_JOB_JW'))).toBe(false);
    expect(prefilter.hits(bytes('curl https://x/-/jwks'))).toBe(true);
    expect([...prefilter.anchorsIn(bytes('echo $CI_JOB_JWT'))]).toEqual(['CI_JOB_JWT']);
    expect(prefilter.anchorsIn(bytes('echo $CI_JOB_JW')).size).toBe(0);
    expect([...prefilter.anchorsIn(bytes('curl https://x/-/jwks'))]).toEqual(['-/jwks']);
  });

  it('finds every anchor, also those inside or overlapping another', () => {
    expect([...prefilter.anchorsIn(bytes('$CI_JOB_JWT_V2X'))].sort()).toEqual(['CI_JOB_JWT', 'CI_JOB_JWT_V2', 'JWT_V2X']);
  });

  it('matches non-ASCII anchors on UTF-8 bytes', () => {
    expect([...prefilter.anchorsIn(bytes('say héllo'))]).toEqual(['héllo']);
    expect(prefilter.hits(Buffer.from('say héllo', 'latin1'))).toBe(false);
    expect(prefilter.anchorsIn(Buffer.from('say héllo', 'latin1')).size).toBe(0);
  });

  it('never hits without anchors', () => {
    expect(createPrefilter([]).hits(bytes('anything'))).toBe(false);
    expect(createPrefilter([]).anchorsIn(bytes('anything')).size).toBe(0);
  });

  it('finds the same anchors by indexOf before the automaton is built, after it, and from a copied table', () => {
    const anchors = ['CI_JOB_JWT', 'CI_JOB_JWT_V2', 'JWT_V2X', '-/jwks', 'héllo'];
    const samples = ['$CI_JOB_JWT_V2X', 'say héllo', 'curl https://x/-/jwks', 'nothing here', 'CI_JOB_JW'].map(bytes);
    const lazy = createPrefilter(anchors);
    const before = samples.map((sample) => [lazy.hits(sample), [...lazy.anchorsIn(sample)].sort()]);
    // Push it past its indexOf budget (a quarter of a megabyte), so the next calls run the automaton.
    lazy.hits(new Uint8Array(512 * 1024));
    const after = samples.map((sample) => [lazy.hits(sample), [...lazy.anchorsIn(sample)].sort()]);
    const copied = createPrefilter([], structuredClone(buildTable([...anchors].sort())));
    const fromCopy = samples.map((sample) => [copied.hits(sample), [...copied.anchorsIn(sample)].sort()]);
    expect(before).toEqual([
      [true, ['CI_JOB_JWT', 'CI_JOB_JWT_V2', 'JWT_V2X']],
      [true, ['héllo']],
      [true, ['-/jwks']],
      [false, []],
      [false, []],
    ]);
    expect(after).toEqual(before);
    expect(fromCopy).toEqual(before);
    expect(copied.states).toBe(lazy.states);
  });

  it.each([601, 10_001])(
    'finds an anchor anywhere in a file of %i bytes, also across the quarters it searches in parallel',
    (length) => {
      const anchors = ['CI_JOB_JWT', 'CI_JOB_JWT_V2', 'JWT_V2X', '-/jwks', 'héllo'];
      const prefilter = createPrefilter([], structuredClone(buildTable([...anchors].sort())));
      const filler = Buffer.alloc(length, 'x');
      expect(prefilter.hits(filler)).toBe(false);
      const quarter = Math.ceil(length / 4);
      const places = [0, quarter - 5, quarter, 2 * quarter - 5, 2 * quarter + 1, 3 * quarter - 5, 3 * quarter, length - 15];
      for (const at of places) {
        const sample = Buffer.from(filler);
        sample.write('$CI_JOB_JWT_V2X', at);
        expect(prefilter.hits(sample), `anchor at ${at}`).toBe(true);
        expect([...prefilter.anchorsIn(sample)].sort(), `anchors at ${at}`).toEqual(['CI_JOB_JWT', 'CI_JOB_JWT_V2', 'JWT_V2X']);
      }
      // A prefix that stops short of the whole anchor at the end of each quarter is no hit.
      const cut = Buffer.from(filler);
      for (const end of [quarter, 2 * quarter, 3 * quarter, length]) cut.write('CI_JOB_JW', end - 9);
      expect(prefilter.hits(cut)).toBe(false);
    },
  );
});
