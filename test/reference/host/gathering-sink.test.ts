import { describe, expect, it } from 'vitest';
import { gatheringSink } from '../../../src/reference/host/gathering-sink.ts';
import type { StateChange } from '../../../src/reference/platform/state-store.ts';

describe('the gathering sink', () => {
  it('hands what was gathered to the real sink as one change, later writes winning, then passes changes through', () => {
    const commits: StateChange[] = [];
    const sink = gatheringSink({ commit: (change) => commits.push(change) });
    sink.commit({ set: { a: 1, b: 1 }, journal: [{ kind: 'tracked' }] });
    sink.commit({ set: { a: 2 }, delete: ['b', 'c'], journal: [{ kind: 'ingested' }] });
    sink.commit({ set: { c: 3 } });
    expect(commits).toEqual([]);
    sink.flush();
    expect(commits).toEqual([{ set: { a: 2, c: 3 }, delete: ['b'], journal: [{ kind: 'tracked' }, { kind: 'ingested' }] }]);
    sink.commit({ set: { d: 4 } });
    expect(commits.at(-1)).toEqual({ set: { d: 4 } });
  });

  it('writes nothing when nothing was gathered, and stays unwritten when the real sink refuses', () => {
    const refusing = gatheringSink({
      commit: () => {
        throw new Error('the disk is full');
      },
    });
    refusing.flush();
    const again = gatheringSink({
      commit: () => {
        throw new Error('the disk is full');
      },
    });
    again.commit({ set: { a: 1 } });
    expect(() => again.flush()).toThrow('the disk is full');
  });
});
