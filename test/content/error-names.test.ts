import { describe, expect, it } from 'vitest';
import { readContent } from '../../src/register/index.ts';
import { errorConditionSchema } from '../../src/schemas/error-condition.ts';
import { contentDir } from '../../src/site/content-dir.ts';

describe('error condition names', () => {
  it('give every error condition a short name of its own, so search results are titled by it', async () => {
    const { data } = await readContent(contentDir());
    const names = data.errors.map((error) => error.name);
    expect(names.filter((name) => name === undefined)).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect((name ?? '').length).toBeLessThanOrEqual(60);
  });

  it('refuse a name longer than 60 characters, and take one of exactly 60', () => {
    const base = { id: 'e', condition: 'c', result: 'r' };
    expect(errorConditionSchema.safeParse({ ...base, name: 'n'.repeat(60) }).success).toBe(true);
    const long = errorConditionSchema.safeParse({ ...base, name: 'n'.repeat(61) });
    expect(long.error?.issues[0]?.message).toBe('a name is short: at most 60 characters');
  });
});
