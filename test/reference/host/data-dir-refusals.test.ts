import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../src/reference/browser/world-journal.ts';
import { DATA_FILE, type DataDir, openDataDir } from '../../../src/reference/host/data-dir.ts';
import { LOCK_FILE, OWNER_FILE } from '../../../src/reference/host/data-dir-lock.ts';
import { encodeJournalEntry } from '../../../src/reference/host/journal-codec.ts';
import type { StateChange } from '../../../src/reference/platform/state-store.ts';
import { startReferenceServer } from '../../../src/reference/start-server.ts';

/**
 * What a data directory refuses, and what a refusal leaves behind: the message names the file and says what
 * to do, a refused start leaves the directory free for the next one, and a refused change keeps nothing of
 * itself and does not stop the next change. (data-dir-restart.test.ts holds what is kept across restarts.)
 */
const dirs: string[] = [];
const frozen: string[] = [];
const open: DataDir[] = [];
afterEach(() => {
  for (const dataDir of open.splice(0)) dataDir.close();
  for (const file of frozen.splice(0)) thaw(file);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sunset-refusals-'));
  dirs.push(dir);
  return dir;
}

const asRoot = process.getuid?.() === 0;

/**
 * Makes a file or directory one this process cannot write: `chattr +i` as root (whom permissions do not
 * stop), read-only permissions otherwise. False when neither is possible here.
 */
function freeze(file: string): boolean {
  try {
    if (asRoot) execFileSync('chattr', ['+i', file], { stdio: 'ignore' });
    else chmodSync(file, 0o555);
  } catch {
    return false;
  }
  frozen.push(file);
  return true;
}

function thaw(file: string): void {
  if (asRoot) execFileSync('chattr', ['-i', file], { stdio: 'ignore' });
  else chmodSync(file, 0o755);
}

const canFreeze = (() => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sunset-freeze-'));
  const ok = freeze(dir);
  if (ok) thaw(frozen.pop() as string);
  rmSync(dir, { recursive: true, force: true });
  return ok;
})();

const startRefusal = (dataDir: string) =>
  startReferenceServer({ port: 0, host: '127.0.0.1', dataDir }).then(
    async (server) => {
      await server.close();
      return 'started';
    },
    (error: Error) => error.message,
  );

/** What a start on `dataDir` said about rows it quarantined ('' when nothing), or why it did not start. */
const startNotice = (dataDir: string) =>
  startReferenceServer({ port: 0, host: '127.0.0.1', dataDir }).then(
    async (server) => {
      await server.close();
      return server.notices.join('\n');
    },
    (error: Error) => `refused: ${error.message}`,
  );

async function opened(dir: string): Promise<DataDir> {
  const dataDir = await openDataDir(dir);
  open.push(dataDir);
  return dataDir;
}

/** A directory the server wrote and stopped on, then `edit` applied to its database. */
async function edited(edit: (db: DatabaseSync) => void): Promise<string> {
  const dir = scratch();
  const server = await startReferenceServer({ port: 0, host: '127.0.0.1', dataDir: dir });
  await server.close();
  const db = new DatabaseSync(path.join(dir, DATA_FILE));
  edit(db);
  db.close();
  return dir;
}

const status: JournalEntry = { kind: 'status', projectId: 1, errorId: 3, status: 'ignored' };

describe('a data directory refuses', () => {
  it('a data file that is a directory, naming it', async () => {
    const dir = scratch();
    mkdirSync(path.join(dir, DATA_FILE));
    expect(await startRefusal(dir)).toContain(`${path.join(dir, DATA_FILE)} is not a file; `);
  });

  it('a file of something else with its own message, not as a file that is not ours at all', async () => {
    const dir = await edited((db) => db.exec("UPDATE meta SET value = 'photos' WHERE key = 'format'"));
    const message = await startRefusal(dir);
    expect(message).toMatch(/^(--data-dir: )?\S*reference\.sqlite is a SQLite database of something else \(format photos\)/);
    expect(message).not.toContain('not a Sunset reference database');
  });

  it('leaves the directory free after a refused start, so the next start on a good file succeeds', async () => {
    const dir = await edited((db) => db.exec("UPDATE meta SET value = '99' WHERE key = 'version'"));
    expect(await startRefusal(dir)).toContain('written by another version of the reference (data version 99');
    renameSync(path.join(dir, DATA_FILE), path.join(dir, 'kept-aside.sqlite'));
    await expect(opened(dir)).resolves.toBeDefined();
  });

  it('no start because another process holds the write lock of the data file for a moment: writes answer 503 meanwhile', async () => {
    const dir = await edited(() => {});
    const holder = new DatabaseSync(path.join(dir, DATA_FILE));
    holder.exec('BEGIN IMMEDIATE');
    try {
      const dataDir = await opened(dir);
      expect(() => dataDir.commit({ set: { 'browser/release': '18.1' } } as StateChange)).toThrow(/^503 /);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });

  it('to start while a server that has not yet written who it is holds the directory', async () => {
    const dir = scratch();
    const holder = new DatabaseSync(path.join(dir, LOCK_FILE));
    holder.exec('PRAGMA journal_mode = DELETE; BEGIN EXCLUSIVE');
    try {
      expect(await startRefusal(dir)).toContain('is in use by another reference server (its pid is not recorded yet)');
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });

  it.skipIf(!canFreeze)('a directory it cannot write, saying to make it writable', async () => {
    const dir = scratch();
    expect(freeze(dir)).toBe(true);
    expect(await startRefusal(dir)).toMatch(/reference\.lock cannot be (locked|created or opened) .*make .* writable/);
  });

  it.skipIf(!canFreeze)('a directory it cannot write once its lock file is there, saying so', async () => {
    const dir = scratch();
    (await openDataDir(dir)).close();
    expect(freeze(dir)).toBe(true);
    const message = await startRefusal(dir);
    expect(message).toMatch(/reference\.lock cannot be locked \(.*\); make .* writable/);
    expect(message).not.toContain('in use by');
  });

  it.skipIf(!canFreeze)('an owner file it cannot write, without keeping the directory locked', async () => {
    const dir = scratch();
    writeFileSync(path.join(dir, OWNER_FILE), '{}\n');
    expect(freeze(path.join(dir, OWNER_FILE))).toBe(true);
    await expect(openDataDir(dir)).rejects.toThrow(/reference\.owner cannot be written \(.*\); make .* writable/);
    // Straight after the refusal, before a garbage collection could close a connection left open.
    const next = new DatabaseSync(path.join(dir, LOCK_FILE));
    expect(() => next.exec('BEGIN EXCLUSIVE')).not.toThrow();
    next.exec('ROLLBACK');
    next.close();
  });

  it.skipIf(!canFreeze)('an owner file it cannot write, and lets the next start through once it can', async () => {
    const dir = scratch();
    writeFileSync(path.join(dir, OWNER_FILE), '{}\n');
    expect(freeze(path.join(dir, OWNER_FILE))).toBe(true);
    expect(await startRefusal(dir)).toMatch(/reference\.owner cannot be written \(.*\); make .* writable/);
    thaw(frozen.pop() as string);
    expect(await startRefusal(dir)).toBe('started');
  });

  it.skipIf(!canFreeze || !asRoot)(
    'a data file it may read but not write, saying so rather than calling it foreign',
    async () => {
      const dir = await edited(() => {});
      expect(freeze(path.join(dir, DATA_FILE))).toBe(true);
      const message = await startRefusal(dir);
      expect(message).toMatch(/reference\.sqlite cannot be written \(.*\); make it and its directory writable/);
      expect(message).not.toContain('move the file away');
    },
  );
});

describe('a data directory quarantines, and starts on the rest', () => {
  it('a journal row that is not an entry, saying so', async () => {
    const dir = await edited((db) => db.exec("INSERT INTO journal (entry) VALUES ('{not json')"));
    expect(await startNotice(dir)).toMatch(/reference\.sqlite: 1 row .*\(journal row \d+: not a journal entry \(/);
  });

  it('a journal row of the wrong shape, naming its kind when it has one and the field', async () => {
    const row = (value: unknown) => async () =>
      startNotice(await edited((db) => db.prepare('INSERT INTO journal (entry) VALUES (?)').run(JSON.stringify(value))));
    expect(await row({ ...status, status: 7 })()).toMatch(/journal row \d+ \(status\): status: /);
    expect(await row(null)()).toMatch(/journal row \d+: /);
    expect(await row(5)()).toMatch(/journal row \d+: /);
    expect(await row({ kind: 5 })()).toMatch(/journal row \d+: /);
  });

  it('a time no Date can hold, and takes the latest one it can', async () => {
    const sampleEnd = (value: number) =>
      edited((db) => db.prepare("INSERT OR REPLACE INTO state VALUES ('browser/sample-end', ?)").run(JSON.stringify(value)));
    expect(await startNotice(await sampleEnd(8.64e15 + 1))).toMatch(
      /state row "browser\/sample-end": not a time in milliseconds/,
    );
    expect(await startNotice(await sampleEnd(8.64e15))).toBe('');
  });

  it('a state row with a wrong field, naming where the field is', async () => {
    const dir = await edited((db) =>
      db
        .prepare("INSERT OR REPLACE INTO state VALUES ('error-tracking/settings', ?)")
        .run(JSON.stringify({ 4: { active: 'yes', backend: 'platform' } })),
    );
    expect(await startNotice(dir)).toMatch(/state row "error-tracking\/settings": 4\.active: /);
  });
});

describe('a change the data directory refuses', () => {
  it('keeps nothing of itself, and the next change goes through', async () => {
    const dir = scratch();
    const dataDir = await opened(dir);
    // A row the start would not load is refused before the transaction, naming the row and the field.
    const broken = { set: { 'browser/release': '18.0', 'browser/sample-end': undefined } } as unknown as StateChange;
    expect(() => dataDir.commit(broken)).toThrow(
      /^400 Bad Request: the request carries a value the reference cannot keep \(state "browser\/sample-end": /,
    );
    const late = { journal: [status, { ...status, errorId: 0 }] } as unknown as StateChange;
    expect(() => dataDir.commit(late)).toThrow(/\(status entry: errorId: /);
    expect(dataDir.snapshot()).toEqual({});
    dataDir.commit({ set: { 'browser/release': '18.1' }, journal: [status] } as StateChange);
    expect(dataDir.snapshot()).toEqual({ 'browser/release': '18.1' });
    expect(dataDir.journal()).toEqual([status]);
  });

  it('once the directory is closed, answering 503 that the server is stopping', async () => {
    const dataDir = await openDataDir(scratch());
    dataDir.close();
    dataDir.close();
    expect(() => dataDir.commit({ set: { 'browser/release': '18.1' } } as StateChange)).toThrow(
      /^503 Service Unavailable: .*\(the server is stopping\)/,
    );
  });

  it('journal entries kept in the order written, tracked events among them', async () => {
    const dataDir = await opened(scratch());
    const tracked = {
      kind: 'tracked',
      projectId: 1,
      receivedAt: 1_700_000_000_000,
      events: [],
    } as unknown as JournalEntry;
    dataDir.commit({ journal: [status, tracked] } as StateChange);
    expect(dataDir.journal()).toEqual([status, tracked]);
    expect(encodeJournalEntry(tracked)).toBeInstanceOf(Uint8Array);
  });
});
