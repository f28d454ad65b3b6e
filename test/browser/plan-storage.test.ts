import { describe, expect, it } from 'vitest';
import { planStorageKey, readTicks, writeTicks } from '../../src/browser/plan-storage.ts';

describe('plan storage', () => {
  it('keys ticks per upgrade (from, to), whatever offering the list is narrowed to', () => {
    expect(planStorageKey({ from: '16.0', to: '17.0' })).toBe('sunset-plan:16.0:17.0');
    expect(planStorageKey({ from: '16.0', to: '18.0' })).not.toBe(planStorageKey({ from: '16.0', to: '17.0' }));
  });

  it('round-trips ticks and treats unreadable storage as none', () => {
    expect([...readTicks(writeTicks(new Set(['b', 'a'])))]).toEqual(['a', 'b']);
    expect(writeTicks(new Set(['b', 'a']))).toBe('["a","b"]');
    expect(readTicks('{not json').size).toBe(0);
    expect(readTicks('{"a":1}').size).toBe(0);
    expect([...readTicks('["a",2]')]).toEqual(['a']);
    expect(readTicks(null).size).toBe(0);
  });
});
