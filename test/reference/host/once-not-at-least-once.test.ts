/**
 * Once, not at least once. The server process is killed with SIGKILL while envelopes are in flight, restarted
 * on the same data directory, and every envelope whose answer was lost is sent again with the same event id,
 * as an SDK retries: every event is then there exactly once (de-duplicated by `event_id` per project, across
 * restarts). And ids are never given twice, across restarts: a deleted client key's id is not reused, so a
 * stale `DELETE …/client_keys/2` cannot remove a newer key.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchDir, startDurable } from './durable-host.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAINTAINER = { 'PRIVATE-TOKEN': 'demo-maintainer-token' };
const children: ChildProcess[] = [];
const removals: (() => void)[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const remove of removals) remove();
});

/** Starts server-main.ts on `dir` as its own process, without the sample; resolves with its URL. */
function start(dir: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'src/reference/server-main.ts'), '--port', '0', '--host', '127.0.0.1', '--data-dir', dir],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ child, base: match[1] });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

const killHard = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

/** Sends one envelope holding one event; resolves with the status, or undefined when no answer came. */
async function sendEvent(base: string, key: string, eventId: string, marker: string): Promise<number | undefined> {
  const event = JSON.stringify({ event_id: eventId, message: marker, exception: { values: [{ type: marker }] } });
  try {
    const response = await fetch(`${base}/api/v4/error_tracking/collector/api/1/envelope/?sentry_key=${key}`, {
      method: 'POST',
      body: `{"event_id":"${eventId}"}\n{"type":"event"}\n${event}\n`,
      signal: AbortSignal.timeout(10_000),
    });
    await response.text();
    return response.status;
  } catch {
    return undefined;
  }
}

/** How many occurrences each event id has in project 1, read through the errors list. */
async function occurrencesByEvent(base: string): Promise<Map<string, number>> {
  const response = await fetch(`${base}/api/v4/projects/1/error_tracking/errors?status=all&limit=100`, { headers: MAINTAINER });
  const errors = (await response.json()) as { title: string; occurrences: number }[];
  return new Map(errors.map((error) => [error.title, error.occurrences]));
}

describe('once, not at least once', () => {
  it('finds every event exactly once after kill -9 mid-flight and the SDK retrying what went unanswered', async () => {
    const ROUNDS = 3;
    const PER_ROUND = 25;
    const { dir, remove } = scratchDir('sunset-once-');
    removals.push(remove);
    let server = await start(dir);
    const created = await fetch(`${server.base}/api/v4/projects/1/error_tracking/client_keys`, {
      method: 'POST',
      headers: MAINTAINER,
    });
    const key = ((await created.json()) as { public_key: string }).public_key;
    const sent: string[] = [];
    let lost = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const events = Array.from({ length: PER_ROUND }, (_, index) => ({
        eventId: crypto.randomUUID().replaceAll('-', ''),
        marker: `OnceError${round}x${index}`,
      }));
      let answered = 0;
      let killing: Promise<void> | undefined;
      const statuses = await Promise.all(
        events.map(async ({ eventId, marker }) => {
          const status = await sendEvent(server.base, key, eventId, marker);
          // The kill lands while the rest are in flight: some stored, some not, their answers lost either way.
          if (status !== undefined && ++answered === 3) killing = killHard(server.child);
          return status;
        }),
      );
      await killing;
      if (server.child.exitCode === null && server.child.signalCode === null) await killHard(server.child);
      server = await start(dir);
      for (const [index, status] of statuses.entries()) {
        const { eventId, marker } = events[index] as { eventId: string; marker: string };
        sent.push(marker);
        if (status === 200) continue;
        lost += 1;
        expect(status, marker).toBeUndefined();
        expect(await sendEvent(server.base, key, eventId, marker), `${marker} sent again`).toBe(200);
      }
    }
    const counts = await occurrencesByEvent(server.base);
    for (const marker of sent) {
      const title = [...counts.keys()].find((candidate) => candidate.includes(`${marker}:`) || candidate === marker);
      expect(title ? counts.get(title) : 0, `${marker} exactly once`).toBe(1);
    }
    expect(lost).toBeGreaterThan(0);
    await killHard(server.child);
  }, 120_000);

  it('never gives a deleted key id again, across restarts, so a stale DELETE removes nothing new', async () => {
    const { dir, remove } = scratchDir('sunset-ids-');
    removals.push(remove);
    const keys = '/api/v4/projects/1/error_tracking/client_keys';
    let server = await startDurable(dir);
    const ids: number[] = [];
    for (let index = 0; index < 3; index++) {
      const response = await fetch(`${server.url}${keys}`, { method: 'POST', headers: MAINTAINER });
      ids.push(((await response.json()) as { id: number }).id);
    }
    for (const id of ids)
      expect((await fetch(`${server.url}${keys}/${id}`, { method: 'DELETE', headers: MAINTAINER })).status).toBe(204);
    await server.close();
    server = await startDurable(dir);
    const next = (await (await fetch(`${server.url}${keys}`, { method: 'POST', headers: MAINTAINER })).json()) as { id: number };
    expect(next.id).toBe(Math.max(...ids) + 1);
    // The stale delete of an id deleted before the restart finds nothing; the new key stays.
    expect((await fetch(`${server.url}${keys}/${ids.at(-1)}`, { method: 'DELETE', headers: MAINTAINER })).status).toBe(404);
    const listed = (await (await fetch(`${server.url}${keys}`, { headers: MAINTAINER })).json()) as { id: number }[];
    expect(listed.map((key) => key.id)).toContain(next.id);
    await server.close();
    // And again after a restart with every key deleted.
    server = await startDurable(dir);
    expect((await fetch(`${server.url}${keys}/${next.id}`, { method: 'DELETE', headers: MAINTAINER })).status).toBe(204);
    await server.close();
    server = await startDurable(dir);
    const after = (await (await fetch(`${server.url}${keys}`, { method: 'POST', headers: MAINTAINER })).json()) as { id: number };
    expect(after.id).toBe(next.id + 1);
    await server.close();
  });
});
