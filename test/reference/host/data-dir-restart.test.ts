import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { PAYLOAD_DATA_SCHEMA } from '../../../src/reference/analytics/collector/tp2-payload.ts';
import type { JournalEntry } from '../../../src/reference/browser/world-journal.ts';
import { DATA_FILE, openDataDir } from '../../../src/reference/host/data-dir.ts';
import { encodeJournalEntry } from '../../../src/reference/host/journal-codec.ts';
import { type RunningServer, startReferenceServer } from '../../../src/reference/start-server.ts';

/**
 * `--data-dir` in this process, the way `npm run reference -- --data-dir DIR` starts: what the server
 * acknowledged is there after a restart, what it deleted stays deleted, and a file it did not write is
 * refused at start with a message that names it. (data-dir.test.ts kills a separate process instead.)
 */
const dirs: string[] = [];
const running: RunningServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sunset-restart-'));
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string): Promise<RunningServer> {
  const server = await startReferenceServer({ port: 0, host: '127.0.0.1', dataDir });
  running.push(server);
  return server;
}

async function stop(server: RunningServer): Promise<void> {
  running.splice(running.indexOf(server), 1);
  await server.close();
}

const KEYS = '/api/v4/projects/1/error_tracking/client_keys';

/**
 * Runs `sql` on the data file of a server that created keys 2 and 3, then starts on it again: the line the
 * start said about quarantined rows, the keys it serves, and the quarantine table's rows.
 */
async function quarantineAfter(sql: string, values: unknown[] = []) {
  const dir = scratch();
  const first = await start(dir);
  for (let i = 0; i < 2; i++)
    await fetch(`${first.url}${KEYS}`, { method: 'POST', headers: { 'PRIVATE-TOKEN': 'demo-maintainer-token' } });
  await stop(first);
  const db = new DatabaseSync(path.join(dir, DATA_FILE));
  db.prepare(sql).run(...(values as never[]));
  db.close();
  const second = await start(dir);
  const listed = (await (
    await fetch(`${second.url}${KEYS}`, { headers: { 'PRIVATE-TOKEN': 'demo-maintainer-token' } })
  ).json()) as { id: number }[];
  await stop(second);
  const after = new DatabaseSync(path.join(dir, DATA_FILE));
  const quarantine = after.prepare('SELECT source, key, problem FROM quarantine ORDER BY id').all();
  after.close();
  return {
    notice: second.notices.join('\n'),
    keys: listed
      .map((key) => key.id)
      .filter((id) => id > 1)
      .sort(),
    quarantine: quarantine.map((row) => ({ ...row })),
  };
}
const token = { 'PRIVATE-TOKEN': 'demo-maintainer-token' };
const keyIds = async (server: RunningServer) =>
  ((await (await fetch(`${server.url}${KEYS}`, { headers: token })).json()) as { id: number }[]).map((key) => key.id);

describe('a data directory across restarts in one process', () => {
  it('keeps a created key and forgets a deleted one', async () => {
    const dir = scratch();
    const first = await start(dir);
    const created = (await (await fetch(`${first.url}${KEYS}`, { method: 'POST', headers: token })).json()) as { id: number };
    const before = await keyIds(first);
    expect(before).toContain(created.id);
    await stop(first);
    // Closed, not left open: the last connection's close folds the write-ahead log into the file and removes it.
    expect(existsSync(path.join(dir, `${DATA_FILE}-wal`))).toBe(false);

    const second = await start(dir);
    expect(await keyIds(second)).toEqual(before);
    expect((await fetch(`${second.url}${KEYS}/${created.id}`, { method: 'DELETE', headers: token })).status).toBe(204);
    await stop(second);

    const third = await start(dir);
    expect(await keyIds(third)).toEqual(before.filter((id) => id !== created.id));
  });

  it('keeps accepted events and forgets deleted settings, and writes ahead', async () => {
    const dir = scratch();
    const headers = { ...token, 'Content-Type': 'application/json' };
    const settings = `${'/api/v4/projects/1/product_analytics/settings'}`;
    const count = async (server: RunningServer) => {
      const answer = await fetch(`${server.url}/api/v4/projects/1/product_analytics/request/load`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          query: {
            measures: ['TrackedEvents.count'],
            filters: [{ member: 'TrackedEvents.docPath', operator: 'equals', values: ['/kept'] }],
          },
        }),
      });
      return ((await answer.json()) as { data: Record<string, string>[] }).data[0]?.['TrackedEvents.count'];
    };
    const collectorHost = async (server: RunningServer) =>
      ((await (await fetch(`${server.url}${settings}`, { headers })).json()) as { collector_host?: string }).collector_host;

    const first = await start(dir);
    const batch = {
      schema: PAYLOAD_DATA_SCHEMA,
      data: Array.from({ length: 3 }, (_, index) => ({
        e: 'pv',
        aid: 'demo-app',
        url: 'https://shop.example.com/kept',
        duid: `u${index}`,
      })),
    };
    expect(
      (await fetch(`${first.url}/com.snowplowanalytics.snowplow/tp2`, { method: 'POST', body: JSON.stringify(batch) })).status,
    ).toBe(200);
    const put = await fetch(`${first.url}${settings}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ collector_host: 'https://c.example.com' }),
    });
    expect(put.status).toBe(200);
    const mode = new DatabaseSync(path.join(dir, DATA_FILE), { readOnly: true });
    expect(mode.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    mode.close();
    await stop(first);

    const second = await start(dir);
    expect([await count(second), await collectorHost(second)]).toEqual(['3', 'https://c.example.com']);
    expect((await fetch(`${second.url}${settings}`, { method: 'DELETE', headers })).status).toBeLessThan(300);
    await stop(second);

    const third = await start(dir);
    expect([await count(third), (await collectorHost(third)) ?? null]).toEqual(['3', null]);
  });

  it('answers 503 while another process holds the write lock, and writes again once it is released', async () => {
    const dir = scratch();
    const server = await start(dir);
    const lock = new DatabaseSync(path.join(dir, DATA_FILE));
    lock.exec('BEGIN IMMEDIATE');
    const refused = await fetch(`${server.url}${KEYS}`, { method: 'POST', headers: token });
    lock.exec('ROLLBACK');
    lock.close();
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^503 Service Unavailable: .*reference\.sqlite/);
    expect((await fetch(`${server.url}${KEYS}`, { method: 'POST', headers: token })).status).toBe(201);
  });

  it('starts on an empty file as on a new one', async () => {
    const dir = scratch();
    writeFileSync(path.join(dir, DATA_FILE), '');
    const server = await start(dir);
    expect((await keyIds(server)).length).toBeGreaterThan(0);
  });

  it('refuses a file it did not write, naming it', async () => {
    const refusal = async (prepare: (file: string) => void) => {
      const dir = scratch();
      prepare(path.join(dir, DATA_FILE));
      return startReferenceServer({ port: 0, host: '127.0.0.1', dataDir: dir }).then(
        async (server) => {
          await server.close();
          return 'started';
        },
        (error: Error) => error.message,
      );
    };
    const sqlite = (file: string, sql: string) => {
      const db = new DatabaseSync(file);
      db.exec(sql);
      db.close();
    };
    expect(await refusal((file) => writeFileSync(file, 'not a database at all, just text'))).toMatch(
      /reference\.sqlite:? (is )?not a readable SQLite database/,
    );
    expect(await refusal((file) => sqlite(file, 'CREATE TABLE notes (text TEXT);'))).toMatch(
      /reference\.sqlite.* not a Sunset reference database/,
    );
    expect(
      await refusal((file) =>
        sqlite(
          file,
          "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('format', 'photos'), ('version', '1');",
        ),
      ),
    ).toMatch(
      /reference\.sqlite:? (is )?a SQLite database of something else \(format photos\)(?![\s\S]*not a Sunset reference database)/,
    );
    expect(
      await refusal((file) =>
        sqlite(file, "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('version', '1');"),
      ),
    ).toMatch(/reference\.sqlite:? (is )?a SQLite database of something else \(format missing\)/);
    expect(
      await refusal((file) =>
        sqlite(
          file,
          "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('format', 'sunset-reference'), ('version', '99');",
        ),
      ),
    ).toMatch(/reference\.sqlite.* written by another version of the reference \(data version 99, this one reads /);
  });

  it('quarantines a damaged row, naming the file and the row, and serves the rest', async () => {
    const state = await quarantineAfter("UPDATE state SET value = '{not json' WHERE key = 'error-tracking/client-keys/2'");
    expect(state.notice).toMatch(
      /reference\.sqlite: 1 row this reference cannot load \(state row "error-tracking\/client-keys\/2": not valid JSON\)/,
    );
    expect(state.keys).toEqual([3]);
    expect(state.quarantine).toEqual([{ source: 'state', key: 'error-tracking/client-keys/2', problem: 'not valid JSON' }]);
    const journal = await quarantineAfter("UPDATE journal SET entry = '{not json' WHERE seq = (SELECT min(seq) FROM journal)");
    expect(journal.notice).toMatch(/reference\.sqlite: 1 row .*\(journal row 1: not a journal entry/);
    expect(journal.keys).toEqual([2, 3]);
    expect(journal.quarantine).toHaveLength(1);
  });

  it('quarantines rows of the wrong shape, naming the row and the field, and counts those past the third', async () => {
    const shapes = await quarantineAfter(
      "INSERT INTO state VALUES ('somebody/else', '1'), ('analytics/usage/10/2026-01', '-3'), ('analytics/usage/11/2026-01', '-4'), ('analytics/usage/12/2026-01', '-5')",
    );
    expect(shapes.notice).toMatch(
      /4 rows this reference cannot load \(state row "somebody\/else": a key this reference does not keep; state row "analytics\/usage\/10\/2026-01": .*; and 1 more\); they are moved to its quarantine table/,
    );
    expect(shapes.quarantine).toHaveLength(4);
    expect(shapes.keys).toEqual([2, 3]);
    const made = await quarantineAfter('INSERT INTO journal (entry) VALUES (?)', [
      encodeJournalEntry({ kind: 'made-up' } as unknown as JournalEntry),
    ]);
    expect(made.notice).toMatch(/reference\.sqlite: 1 row .*\(journal row \d+ \(made-up\): /);
  });

  it('quarantines once: the next start loads everything left and says nothing', async () => {
    const dir = scratch();
    await stop(await start(dir));
    const db = new DatabaseSync(path.join(dir, DATA_FILE));
    db.exec("INSERT INTO state VALUES ('somebody/else', '1')");
    db.close();
    const second = await start(dir);
    expect(second.notices).toHaveLength(1);
    await stop(second);
    const third = await start(dir);
    expect(third.notices).toEqual([]);
  });

  it('is owned by one server at a time, and free again once it stops', async () => {
    const dir = scratch();
    const first = await start(dir);
    const refusal = await startReferenceServer({ port: 0, host: '127.0.0.1', dataDir: dir }).then(
      async (server) => {
        await server.close();
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(refusal).toContain(`is in use by another reference server (pid ${process.pid} on ${hostname()}, running since `);
    await stop(first);
    const second = await start(dir);
    expect((await keyIds(second)).length).toBeGreaterThan(0);
  });

  it('refuses a data directory that is a file', async () => {
    const file = path.join(scratch(), 'plain-file');
    writeFileSync(file, 'x');
    await expect(openDataDir(file)).rejects.toThrow(/plain-file/);
    await expect(startReferenceServer({ port: 0, host: '127.0.0.1', dataDir: file })).rejects.toThrow(
      /plain-file.*(not a directory|exists and is not a directory)/,
    );
  });
});
