import { describe, expect, it } from 'vitest';
import { persistentStateStore } from '../../../src/reference/browser/persistent-state-store.ts';
import type { StateChange } from '../../../src/reference/platform/state-store.ts';

function recordingSink(refuse = false) {
  const writes: StateChange[] = [];
  return {
    writes,
    sink: {
      commit: (change: StateChange) => {
        if (refuse) throw new Error('the disk is full');
        writes.push(structuredClone(change));
      },
    },
  };
}

describe('the persistent state store', () => {
  it('starts from the snapshot and writes each change through, key by key', () => {
    const { writes, sink } = recordingSink();
    const store = persistentStateStore({ a: 1, 'b/1': [1] }, sink);
    expect(store.get('a')).toBe(1);
    store.set('b/2', { x: 1 });
    store.delete('a');
    store.delete('missing');
    store.commit({ set: { c: 3, d: 4 }, delete: ['b/1'], journal: [{ kind: 'tracked' }] });
    expect(writes).toEqual([
      { set: { 'b/2': { x: 1 } } },
      { delete: ['a'] },
      { set: { c: 3, d: 4 }, delete: ['b/1'], journal: [{ kind: 'tracked' }] },
    ]);
    expect(store.keys('b/')).toEqual(['b/2']);
    expect(store.keys()).toEqual(['b/2', 'c', 'd']);
  });

  it('changes nothing when the sink refuses a change', () => {
    const store = persistentStateStore({ a: 1 }, recordingSink(true).sink);
    expect(() => store.commit({ set: { a: 2, b: 1 }, delete: ['a'] })).toThrow('the disk is full');
    expect(() => store.set('a', 3)).toThrow('the disk is full');
    expect(store.keys()).toEqual(['a']);
    expect(store.get('a')).toBe(1);
  });

  it('hands out copies, so callers cannot change what is stored', () => {
    const { writes, sink } = recordingSink();
    const store = persistentStateStore({}, sink);
    const value = { list: [1] };
    store.set('k', value);
    value.list.push(2);
    store.get<{ list: number[] }>('k')?.list.push(3);
    expect(store.get('k')).toEqual({ list: [1] });
    expect(writes).toEqual([{ set: { k: { list: [1] } } }]);
  });

  it('takes changes from elsewhere without writing them back', () => {
    const { writes, sink } = recordingSink();
    const store = persistentStateStore({ a: 1 }, sink);
    store.receive('a', 2);
    store.receive('b', 'new');
    store.receive('a', undefined);
    expect(writes).toEqual([]);
    expect(store.keys()).toEqual(['b']);
  });
});
