import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSqlite, withoutSqliteNotice } from '../../../src/reference/host/sqlite.ts';

afterEach(() => vi.restoreAllMocks());

describe('loading node:sqlite', () => {
  it('drops SQLite’s experimental notice, and only it', async () => {
    const emitted: string[] = [];
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error) => {
      emitted.push(String(warning instanceof Error ? warning.message : warning));
    });
    await withoutSqliteNotice(async () => {
      process.emitWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning');
      process.emitWarning('Something else is an experimental feature', 'ExperimentalWarning');
      process.emitWarning('SQLite was used in a deprecated way', 'DeprecationWarning');
    });
    expect(emitted).toEqual(['Something else is an experimental feature', 'SQLite was used in a deprecated way']);
    // Outside the load, nothing is dropped.
    process.emitWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning');
    expect(emitted).toHaveLength(3);
    expect(process.emitWarning).toBe(emitWarning);
  });

  it('gives the constructor', async () => {
    const DatabaseSync = await loadSqlite();
    const db = new DatabaseSync(':memory:');
    expect(db.prepare('SELECT 1 AS one').get()).toEqual({ one: 1 });
    db.close();
  });
});
