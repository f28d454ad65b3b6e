import { describe, expect, it } from 'vitest';
import { planStorageKey, readTicks, writeTicks } from '../../src/site/plan-storage.ts';

describe('plan storage', () => {
  it('keys ticks per from, to and offering', () => {
    expect(planStorageKey({ from: '16.0', to: '17.0' })).toBe('sunset-plan:16.0:17.0:all');
    expect(planStorageKey({ from: '16.0', to: '17.0', offering: 'hosted' })).toBe('sunset-plan:16.0:17.0:hosted');
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
