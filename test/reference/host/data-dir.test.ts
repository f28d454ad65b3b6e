/**
 * `npm run reference -- --data-dir DIR` keeps what it acknowledged: the server process is killed with SIGKILL
 * right after its answers, restarted on the same directory, and every acknowledged item is there. A foreign
 * or damaged file in the directory stops the start with a message naming it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PAYLOAD_DATA_SCHEMA } from '../../../src/reference/analytics/collector/tp2-payload.ts';
import { DATA_FILE } from '../../../src/reference/host/data-dir.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sunset-data-'));
  dirs.push(dir);
  return dir;
}

/** Starts server-main.ts as its own process; resolves with its URL, or rejects with its output if it exits. */
function start(args: string[]): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'src/reference/server-main.ts'), '--port', '0', '--host', '127.0.0.1', ...args],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ child, base: match[1], output: () => output });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

/** What a server started on `dir` printed up to its last start-up line, once it serves (then it is killed). */
async function startSaying(dir: string): Promise<string> {
  const { child, base, output } = await start(['--data-dir', dir]);
  for (let tries = 0; tries < 100 && !output().includes('versioned behaviour'); tries++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect((await fetch(`${base}/-/readiness`)).status).toBe(200);
  await killHard(child);
  return output();
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const MAINTAINER = { 'PRIVATE-TOKEN': 'demo-maintainer-token', 'Content-Type': 'application/json' };

async function json<T>(response: Promise<Response>, status = 200): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** What the test reads back after the restart. */
async function observe(base: string) {
  const count = await json<{ data: Record<string, string>[] }>(
    fetch(`${base}/api/v4/projects/1/product_analytics/request/load`, {
      method: 'POST',
      headers: MAINTAINER,
      body: JSON.stringify({
        query: {
          measures: ['TrackedEvents.count'],
          filters: [{ member: 'TrackedEvents.docPath', operator: 'equals', values: ['/kept'] }],
        },
      }),
    }),
  );
  const errors = await json<{ id: number; title: string; occurrences: number; issue_iid: number | null }[]>(
    fetch(`${base}/api/v4/projects/1/error_tracking/errors?limit=100`, { headers: MAINTAINER }),
  );
  const settings = await json<{ collector_host?: string }>(
    fetch(`${base}/api/v4/projects/1/product_analytics/settings`, { headers: MAINTAINER }),
  );
  const tracking = await json<{ active: boolean }>(
    fetch(`${base}/api/v4/projects/2/error_tracking/settings`, { headers: MAINTAINER }),
  );
  // `counted_to` is the time of asking; the counts are what must survive.
  const { counted_to: _, ...quota } = await json<Record<string, unknown>>(
    fetch(`${base}/api/v4/groups/10/product_analytics/usage_quota`, { headers: MAINTAINER }),
  );
  const kept = errors.find((error) => error.title.includes('KeptError'));
  return { tracked: count.data[0]?.['TrackedEvents.count'], kept, settings, tracking, quota };
}

describe('--data-dir', () => {
  it('keeps every acknowledged event, key, issue, setting and usage count across kill -9', async () => {
    const dir = tempDir();
    const first = await start(['--data-dir', dir]);
    const base = first.base;
    const batch = JSON.stringify({
      schema: PAYLOAD_DATA_SCHEMA,
      data: Array.from({ length: 25 }, (_, index) => ({
        e: 'pv',
        aid: 'demo-app',
        url: 'https://shop.example.com/kept',
        duid: `u${index}`,
      })),
    });
    expect((await fetch(`${base}/com.snowplowanalytics.snowplow/tp2`, { method: 'POST', body: batch })).status).toBe(200);
    const key = await json<{ public_key: string; sentry_dsn: string }>(
      fetch(`${base}/api/v4/projects/1/error_tracking/client_keys`, { method: 'POST', headers: MAINTAINER }),
      201,
    );
    const sendError = (to: string) =>
      fetch(`${to}/api/v4/error_tracking/collector/api/1/store/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Sentry-Auth': `Sentry sentry_key=${key.public_key}` },
        body: JSON.stringify({ exception: { values: [{ type: 'KeptError', value: 'stays after a crash' }] } }),
      });
    expect((await sendError(base)).status).toBe(200);
    const errors = await json<{ id: number; title: string }[]>(
      fetch(`${base}/api/v4/projects/1/error_tracking/errors?limit=100`, { headers: MAINTAINER }),
    );
    const kept = errors.find((error) => error.title.includes('KeptError'));
    await json(
      fetch(`${base}/api/v4/projects/1/error_tracking/errors/${kept?.id}/issue`, { method: 'POST', headers: MAINTAINER }),
      201,
    );
    await json(
      fetch(`${base}/api/v4/projects/1/product_analytics/settings`, {
        method: 'PUT',
        headers: MAINTAINER,
        body: JSON.stringify({ collector_host: 'https://collector.example.com' }),
      }),
    );
    await json(
      fetch(`${base}/api/v4/projects/2/error_tracking/settings`, {
        method: 'PATCH',
        headers: MAINTAINER,
        body: JSON.stringify({ active: true }),
      }),
    );
    const before = await observe(base);
    expect(before.tracked).toBe('25');
    expect(before.kept).toMatchObject({ occurrences: 1, issue_iid: expect.any(Number) });
    expect(before.settings.collector_host).toBe('https://collector.example.com');
    expect(before.tracking.active).toBe(true);
    expect(JSON.stringify(before.quota)).toMatch(/"events":\d+/);

    await killHard(first.child);
    const second = await start(['--data-dir', dir]);
    const after = await observe(second.base);
    expect(after).toEqual(before);
    // The DSN created before the crash still authenticates.
    expect((await sendError(second.base)).status).toBe(200);
    expect((await observe(second.base)).kept?.occurrences).toBe(2);
    await killHard(second.child);
  }, 120_000);

  it('answers 503 and keeps nothing while the database refuses writes, then takes the same requests again', async () => {
    const dir = tempDir();
    const server = await start(['--data-dir', dir]);
    const base = server.base;
    const key = await json<{ public_key: string }>(
      fetch(`${base}/api/v4/projects/1/error_tracking/client_keys`, { method: 'POST', headers: MAINTAINER }),
      201,
    );
    const sendError = () =>
      fetch(`${base}/api/v4/error_tracking/collector/api/1/store/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Sentry-Auth': `Sentry sentry_key=${key.public_key}` },
        body: JSON.stringify({ exception: { values: [{ type: 'KeptError', value: 'sent while the disk refused' }] } }),
      });
    const batch = JSON.stringify({
      schema: PAYLOAD_DATA_SCHEMA,
      data: Array.from({ length: 7 }, () => ({ e: 'pv', aid: 'demo-app', url: 'https://shop.example.com/kept' })),
    });
    const sendBatch = () => fetch(`${base}/com.snowplowanalytics.snowplow/tp2`, { method: 'POST', body: batch });
    const putSettings = () =>
      fetch(`${base}/api/v4/projects/1/product_analytics/settings`, {
        method: 'PUT',
        headers: MAINTAINER,
        body: JSON.stringify({ collector_host: 'https://refused.example.com' }),
      });
    const before = await observe(base);

    // Another process holds the database's write lock, as a backup tool might; every write now fails.
    const { DatabaseSync } = await import('node:sqlite');
    const blocker = new DatabaseSync(path.join(dir, DATA_FILE));
    blocker.exec('BEGIN IMMEDIATE');
    const refused =
      /^503 Service Unavailable: the reference could not write to \S+reference\.sqlite \(.*locked.*\); nothing of this request was kept/;
    const envelopeAnswer = await sendError();
    expect(envelopeAnswer.headers.get('retry-after')).toBe('1');
    expect((await json<{ message: string }>(Promise.resolve(envelopeAnswer), 503)).message).toMatch(refused);
    const batchAnswer = await sendBatch();
    expect(batchAnswer.headers.get('retry-after')).toBe('1');
    expect((await json<{ message: string }>(Promise.resolve(batchAnswer), 503)).message).toMatch(refused);
    expect((await json<{ message: string }>(putSettings(), 503)).message).toMatch(refused);
    // Nothing the 503s answered is visible: memory did not run ahead of the file.
    expect(await observe(base)).toEqual(before);

    blocker.exec('ROLLBACK');
    blocker.close();
    expect((await sendError()).status).toBe(200);
    expect((await sendBatch()).status).toBe(200);
    await json(putSettings());
    const after = await observe(base);
    expect(after.kept?.occurrences).toBe((before.kept?.occurrences ?? 0) + 1);
    expect(Number(after.tracked)).toBe(Number(before.tracked ?? 0) + 7);
    expect(after.settings.collector_host).toBe('https://refused.example.com');
    await killHard(server.child);
    const restarted = await start(['--data-dir', dir]);
    expect(await observe(restarted.base)).toEqual(after);
    await killHard(restarted.child);
  }, 120_000);

  it('stays in memory without --data-dir: a restart starts afresh', async () => {
    const first = await start([]);
    const key = await json<{ public_key: string }>(
      fetch(`${first.base}/api/v4/projects/1/error_tracking/client_keys`, { method: 'POST', headers: MAINTAINER }),
      201,
    );
    await killHard(first.child);
    const second = await start([]);
    const keys = await json<{ public_key: string }[]>(
      fetch(`${second.base}/api/v4/projects/1/error_tracking/client_keys`, { headers: MAINTAINER }),
    );
    expect(keys.map((item) => item.public_key)).not.toContain(key.public_key);
    await killHard(second.child);
  }, 60_000);

  it('refuses to start on a damaged or foreign file, naming it', async () => {
    const damaged = tempDir();
    writeFileSync(
      path.join(damaged, DATA_FILE),
      'these are not the bytes of a database, but a text file of some length '.repeat(50),
    );
    await expect(start(['--data-dir', damaged])).rejects.toThrow(
      new RegExp(
        `exited with 2: reference: --data-dir: \\S*${DATA_FILE} is not a (readable SQLite|Sunset reference) database .*move the file away or pass another --data-dir\\n$`,
        's',
      ),
    );
    const foreign = tempDir();
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(path.join(foreign, DATA_FILE));
    db.exec("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('someone else''s data');");
    db.close();
    await expect(start(['--data-dir', foreign])).rejects.toThrow(/not a Sunset reference database \(no such table: meta\)/);
    await expect(start(['--data-dir'])).rejects.toThrow(/--data-dir needs a value/);
  }, 60_000);

  it('is owned by one server: a second one on the directory exits 2 naming it and the first; a killed one leaves no lock', async () => {
    const dir = tempDir();
    const first = await start(['--data-dir', dir]);
    await expect(start(['--data-dir', dir])).rejects.toThrow(
      new RegExp(
        `exited with 2: reference: --data-dir: ${dir.replaceAll('/', '\\/')} is in use by another reference server \\(pid ${first.child.pid} on \\S+, running since [^)]+\\); one server owns a data directory at a time: stop that server, or pass another --data-dir\\n$`,
      ),
    );
    // Still the first server's: it answers and keeps writing.
    expect(
      (await fetch(`${first.base}/api/v4/projects/1/error_tracking/client_keys`, { method: 'POST', headers: MAINTAINER })).status,
    ).toBe(201);
    await killHard(first.child);
    const second = await start(['--data-dir', dir]);
    const keys = await json<unknown[]>(
      fetch(`${second.base}/api/v4/projects/1/error_tracking/client_keys`, { headers: MAINTAINER }),
    );
    expect(keys.length).toBeGreaterThanOrEqual(2);
    await killHard(second.child);
  }, 60_000);

  it('quarantines a row it cannot load, naming the file, the row and the field in one line, and serves the rest', async () => {
    const { DatabaseSync } = await import('node:sqlite');
    const broken = async (corrupt: (db: InstanceType<typeof DatabaseSync>) => void) => {
      const dir = tempDir();
      await killHard((await start(['--data-dir', dir])).child);
      const db = new DatabaseSync(path.join(dir, DATA_FILE));
      corrupt(db);
      db.close();
      return dir;
    };
    const wrongShape = await broken((db) =>
      db.prepare('INSERT INTO state (key, value) VALUES (?, ?)').run('error-tracking/client-keys/7', '{"id":"seven"}'),
    );
    expect(await startSaying(wrongShape)).toMatch(
      /\n\S+reference\.sqlite: 1 row this reference cannot load \(state row "error-tracking\/client-keys\/7": id: [^\n]*\); they are moved to its quarantine table/,
    );
    const badTime = await broken((db) =>
      db.prepare('INSERT INTO journal (entry) VALUES (?)').run(
        JSON.stringify({
          kind: 'ingested',
          projectId: 1,
          batch: {
            events: [
              { eventId: 'a'.repeat(32), timestamp: 'yesterday', receivedAt: 0, platform: 'x', level: 'error', exceptions: [] },
            ],
            sessions: [],
            receivedAt: 0,
          },
        }),
      ),
    );
    expect(await startSaying(badTime)).toMatch(
      /reference\.sqlite: 1 row this reference cannot load \(journal row \d+ \(ingested\): batch\.events\[0\]\.timestamp: /,
    );
  }, 60_000);
});
