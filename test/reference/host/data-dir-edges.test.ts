import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../src/reference/browser/world-journal.ts';
import { DATA_FILE, type DataDir, openDataDir } from '../../../src/reference/host/data-dir.ts';
import { ERROR_GROUP_FILE } from '../../../src/reference/host/error-group-file.ts';
import type { StateChange } from '../../../src/reference/platform/state-store.ts';
import { startReferenceServer } from '../../../src/reference/start-server.ts';

/**
 * The edges of a data directory beyond what data-dir-refusals.test.ts holds: a start refused by the file
 * beside the data file or by a data file that lacks a table, a quarantine the file refuses to write, how
 * many rows the quarantine line names, a change SQLite refuses half-way, and changes sent to be written in
 * a group that are refused before they join one.
 */
const dirs: string[] = [];
const open: DataDir[] = [];
const frozen: string[] = [];
afterEach(() => {
  for (const dataDir of open.splice(0)) dataDir.close();
  for (const file of frozen.splice(0)) execFileSync('chattr', ['-i', file], { stdio: 'ignore' });
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sunset-edges-'));
  dirs.push(dir);
  return dir;
}

async function opened(dir: string): Promise<DataDir> {
  const dataDir = await openDataDir(dir);
  open.push(dataDir);
  return dataDir;
}

function closed(dataDir: DataDir): void {
  open.splice(open.indexOf(dataDir), 1);
  dataDir.close();
}

/** Runs `sql` on the data file of `dir` from a connection of its own. */
function sql(dir: string, statement: string, ...values: (string | number | Uint8Array)[]): void {
  const db = new DatabaseSync(path.join(dir, DATA_FILE));
  db.prepare(statement).run(...values);
  db.close();
}

/** Rows of the data file of `dir`, read from a connection of its own. */
function rows(dir: string, query: string): Record<string, unknown>[] {
  const db = new DatabaseSync(path.join(dir, DATA_FILE), { readOnly: true });
  const found = db
    .prepare(query)
    .all()
    .map((row) => ({ ...row }));
  db.close();
  return found;
}

/** A directory a data directory was opened on and closed, then `statements` run on its file. */
async function written(...statements: string[]): Promise<string> {
  const dir = scratch();
  closed(await opened(dir));
  for (const statement of statements) sql(dir, statement);
  return dir;
}

/** `chattr +i` works here (root, on a file system that keeps the flag): a file even root cannot write. */
const canFreeze = (() => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sunset-freeze-'));
  const file = path.join(dir, 'probe');
  writeFileSync(file, '');
  try {
    execFileSync('chattr', ['+i', file], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', file], { stdio: 'ignore' });
    return process.getuid?.() === 0;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();

const status: JournalEntry = { kind: 'status', projectId: 1, errorId: 3, status: 'ignored' };
const release = (value: string) => ({ set: { 'browser/release': value } }) as StateChange;

describe('a start on a data directory is refused', () => {
  it('when the error groups file cannot be made anew, naming it, and the directory is left free', async () => {
    const dir = scratch();
    mkdirSync(path.join(dir, ERROR_GROUP_FILE));
    const refusal = await openDataDir(dir).then(
      () => 'opened',
      (error: Error) => error,
    );
    expect(refusal).toMatchObject({ name: 'DataDirError' });
    expect((refusal as Error).message).toMatch(
      new RegExp(`^${path.join(dir, ERROR_GROUP_FILE)} cannot be written \\(.+\\); make it and its directory writable`),
    );
    rmSync(path.join(dir, ERROR_GROUP_FILE), { recursive: true });
    await expect(opened(dir)).resolves.toBeDefined();
  });

  it('when a file that says it is ours lacks a table the server writes, saying it is not ours', async () => {
    const dir = await written('DROP TABLE state');
    const file = path.join(dir, DATA_FILE);
    await expect(openDataDir(dir)).rejects.toMatchObject({
      name: 'DataDirError',
      message: `${file} is not a Sunset reference database (no such table: state); the reference keeps its data only in a file it created: move the file away or pass another --data-dir`,
    });
    await expect(startReferenceServer({ port: 0, host: '127.0.0.1', dataDir: dir })).rejects.toThrow(
      /^--data-dir: \S+reference\.sqlite is not a Sunset reference database \(no such table: state\)/,
    );
    // The refusal left the directory free, none of its files open: with the table back, the next start opens it.
    const held = readdirSync('/proc/self/fd').flatMap((fd) => {
      try {
        return [readlinkSync(`/proc/self/fd/${fd}`)];
      } catch {
        return [];
      }
    });
    expect(held.filter((target) => target.startsWith(dir))).toEqual([]);
    sql(dir, 'CREATE TABLE state (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    await expect(opened(dir)).resolves.toBeDefined();
  });

  it.skipIf(!canFreeze)(
    'when an empty data file cannot be written, saying so rather than calling it unreadable or foreign',
    async () => {
      const dir = scratch();
      const file = path.join(dir, DATA_FILE);
      writeFileSync(file, '');
      execFileSync('chattr', ['+i', file], { stdio: 'ignore' });
      frozen.push(file);
      await expect(openDataDir(dir)).rejects.toThrow(
        new RegExp(`^${file} cannot be written \\(attempt to write a readonly database\\); make it and its directory writable`),
      );
      // Text that is no database is one to move away, writable or not.
      const text = path.join(scratch(), DATA_FILE);
      writeFileSync(text, 'some text');
      execFileSync('chattr', ['+i', text], { stdio: 'ignore' });
      frozen.push(text);
      await expect(openDataDir(path.dirname(text))).rejects.toThrow(
        new RegExp(`^${text} is not a readable SQLite database \\(file is not a database\\); .*move the file away`),
      );
    },
  );
});

describe('a start that finds rows it cannot load', () => {
  it('keeps them in place and says so while another process holds the write lock, and moves them next time', async () => {
    const dir = await written("INSERT INTO state VALUES ('somebody/else', '1')");
    const holder = new DatabaseSync(path.join(dir, DATA_FILE));
    holder.exec('BEGIN IMMEDIATE');
    const locked = await opened(dir);
    expect(locked.snapshot()).toEqual({});
    holder.exec('ROLLBACK');
    holder.close();
    // A journal row found after the refused move is moved, but the line still says what was skipped.
    sql(dir, "INSERT INTO journal (entry) VALUES ('{not json')");
    expect(locked.journal()).toEqual([]);
    expect(locked.quarantined()).toMatch(
      /reference\.sqlite: 2 rows this reference cannot load \(state row "somebody\/else": a key this reference does not keep; journal row \d+: not a journal entry \(.*\)\); they could not be moved to its quarantine table now \(the file refused the write\) and are skipped$/,
    );
    closed(locked);
    expect(rows(dir, "SELECT key FROM state WHERE key = 'somebody/else'")).toHaveLength(1);
    expect(rows(dir, 'SELECT source FROM quarantine')).toEqual([{ source: 'journal' }]);

    const next = await opened(dir);
    expect(next.snapshot()).toEqual({});
    expect(next.quarantined()).toMatch(
      /: 1 row this reference cannot load \(state row "somebody\/else": .*\); they are moved to its quarantine table \(SELECT \* FROM quarantine\) and the rest is served$/,
    );
    expect(rows(dir, 'SELECT source, key FROM quarantine ORDER BY id')).toEqual([
      { source: 'journal', key: expect.any(String) },
      { source: 'state', key: 'somebody/else' },
    ]);
    expect(rows(dir, 'SELECT key FROM state')).toEqual([]);
  });

  it('moves a journal row out of the journal, under its sequence number, and leaves the state rows alone', async () => {
    const dir = scratch();
    const first = await opened(dir);
    first.commit({ set: { 'browser/release': '18.1' }, journal: [status] } as StateChange);
    closed(first);
    sql(dir, "INSERT INTO journal (entry) VALUES ('{not json')");
    const [{ seq }] = rows(dir, 'SELECT max(seq) AS seq FROM journal') as [{ seq: number }];
    const second = await opened(dir);
    expect(second.snapshot()).toEqual({ 'browser/release': '18.1' });
    expect(second.journal()).toEqual([status]);
    expect(second.quarantined()).toMatch(new RegExp(`\\(journal row ${seq}: not a journal entry`));
    closed(second);
    expect(rows(dir, 'SELECT source, key FROM quarantine')).toEqual([{ source: 'journal', key: String(seq) }]);
    expect(rows(dir, 'SELECT seq FROM journal')).toEqual([{ seq: seq - 1 }]);
    const third = await opened(dir);
    expect(third.journal()).toEqual([status]);
    expect(third.quarantined()).toBeUndefined();
  });

  it('names three rows in full and counts the rest, and names exactly three without a count', async () => {
    const unknown = (count: number) =>
      Array.from({ length: count }, (_, index) => `INSERT INTO state VALUES ('somebody/else-${index}', '1')`);
    const notice = async (count: number) => {
      const dataDir = await opened(await written(...unknown(count)));
      dataDir.snapshot();
      return dataDir.quarantined() ?? '';
    };
    const four = await notice(4);
    expect(four.match(/state row "/g)).toHaveLength(3);
    expect(four).toContain(': 4 rows this reference cannot load (');
    expect(four).toContain('a key this reference does not keep; and 1 more); they are moved');
    const three = await notice(3);
    expect(three.match(/state row "/g)).toHaveLength(3);
    expect(three).toContain('a key this reference does not keep); they are moved');
    expect(three).not.toContain('more');
  });

  it('cuts a row’s problem at 200 characters', async () => {
    const longId = '9'.repeat(300);
    const dir = await written(
      `INSERT OR REPLACE INTO state VALUES ('error-tracking/settings', '${JSON.stringify({ [longId]: { active: 'yes', backend: 'platform' } })}')`,
    );
    const dataDir = await opened(dir);
    dataDir.snapshot();
    expect(dataDir.quarantined()).toContain(`(state row "error-tracking/settings": ${'9'.repeat(200)}); they are moved`);
  });
});

describe('a change the data directory refuses', () => {
  it('when SQLite refuses a write half-way, keeps none of it, and the next change goes through', async () => {
    const dir = await written(
      `CREATE TRIGGER refuse BEFORE INSERT ON state WHEN NEW.key = 'error-tracking/last-client-key-id' BEGIN SELECT RAISE(ABORT, 'refused by the file'); END`,
    );
    const dataDir = await opened(dir);
    // The first row is written before the second is refused: the rollback takes it back.
    const change = { set: { 'browser/release': '18.0', 'error-tracking/last-client-key-id': 4 } } as StateChange;
    expect(() => dataDir.commit(change)).toThrow(
      /^503 Service Unavailable: the reference could not write to \S+reference\.sqlite \(refused by the file\); nothing of this request was kept/,
    );
    dataDir.commit(release('18.1'));
    expect(dataDir.snapshot()).toEqual({ 'browser/release': '18.1' });
    closed(dataDir);
    expect(rows(dir, 'SELECT key, value FROM state')).toEqual([{ key: 'browser/release', value: '"18.1"' }]);
  });

  it('names a journal entry without a kind as a journal entry', async () => {
    const dataDir = await opened(scratch());
    expect(() => dataDir.commit({ journal: [{ projectId: 1 }] } as unknown as StateChange)).toThrow(
      /^400 Bad Request: the request carries a value the reference cannot keep \(journal entry: /,
    );
  });

  it('sent to be written in a group: a row a start could not load is refused at once, and nothing waits on it', async () => {
    const dir = scratch();
    const dataDir = await opened(dir);
    let kept = 0;
    const broken = { set: { 'browser/sample-end': 'soon' } } as unknown as StateChange;
    await expect(dataDir.commitSoon?.(broken, () => kept++)).rejects.toThrow(
      /^400 Bad Request: the request carries a value the reference cannot keep \(state "browser\/sample-end": /,
    );
    await dataDir.commitSoon?.(release('18.1'), () => kept++);
    expect(kept).toBe(1);
    expect(dataDir.snapshot()).toEqual({ 'browser/release': '18.1' });
  });

  it('sent to be written in a group once the directory is closed: 503, the server is stopping', async () => {
    const dataDir = await openDataDir(scratch());
    dataDir.close();
    let kept = 0;
    await expect(dataDir.commitSoon?.(release('18.1'), () => kept++)).rejects.toThrow(
      /^503 Service Unavailable: the reference could not write to \S+reference\.sqlite \(the server is stopping\); nothing of this request was kept/,
    );
    expect(kept).toBe(0);
  });
});
