import { describe, expect, it } from 'vitest';
import { persistentStateStore } from '../../../src/reference/browser/persistent-state-store.ts';

function recordingSink() {
  const writes: string[] = [];
  return {
    writes,
    sink: {
      put: (key: string, value: unknown) => writes.push(`put ${key}=${JSON.stringify(value)}`),
      delete: (key: string) => writes.push(`delete ${key}`),
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
    expect(writes).toEqual(['put b/2={"x":1}', 'delete a']);
    expect(store.keys('b/')).toEqual(['b/1', 'b/2']);
  });

  it('hands out copies, so callers cannot change what is stored', () => {
    const store = persistentStateStore({}, recordingSink().sink);
    const value = { list: [1] };
    store.set('k', value);
    value.list.push(2);
    store.get<{ list: number[] }>('k')?.list.push(3);
    expect(store.get('k')).toEqual({ list: [1] });
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
