import { describe, expect, it } from 'vitest';
import { groupCommit } from '../../../src/reference/host/group-commit.ts';
import { scratchDir, startDurable } from './durable-host.ts';

const MAINTAINER = { 'PRIVATE-TOKEN': 'demo-maintainer-token' };

/**
 * A group committer whose flushes run when the test says (`turn` for the next turn of the event loop, `wait`
 * for the longest wait), recording each group written and what ran after it.
 */
function recorded(refuse: (group: readonly string[]) => boolean = () => false) {
  const log: string[] = [];
  let next: (() => void) | undefined;
  let timer: (() => void) | undefined;
  const groups = groupCommit<string>(
    (changes) => {
      if (refuse(changes)) throw new Error(`refused ${changes.join('+')}`);
      log.push(`write ${changes.join('+')}`);
    },
    {
      soon: (flush) => {
        next = flush;
      },
      later: (flush) => {
        timer = flush;
        return () => {
          timer = undefined;
        };
      },
    },
  );
  const run = (take: () => (() => void) | undefined) => take()?.();
  const turn = () =>
    run(() => {
      const flush = next;
      next = undefined;
      return flush;
    });
  const wait = () =>
    run(() => {
      const flush = timer;
      timer = undefined;
      return flush;
    });
  return { log, groups, turn, wait, timerSet: () => timer !== undefined };
}

describe('group commit', () => {
  it('writes the changes of one turn as one group, in order, and settles each after its memory change ran', async () => {
    const { log, groups, turn } = recorded();
    const settled: string[] = [];
    const all = ['a', 'b', 'c'].map((change) =>
      groups.add(change, () => log.push(`kept ${change}`)).then(() => settled.push(change)),
    );
    expect(groups.waiting()).toBe(3);
    expect(log).toEqual([]);
    turn();
    await Promise.all(all);
    expect(log).toEqual(['write a+b+c', 'kept a', 'kept b', 'kept c']);
    expect(settled).toEqual(['a', 'b', 'c']);
    expect(groups.waiting()).toBe(0);
  });

  it('puts what arrives while a group is written into the next group', async () => {
    const { log, groups, turn } = recorded();
    let late: Promise<void> | undefined;
    const first = groups.add('a', () => {
      late = groups.add('b', () => log.push('kept b'));
    });
    turn();
    await first;
    expect(log).toEqual(['write a']);
    expect(groups.waiting()).toBe(1);
    turn();
    await late;
    expect(log).toEqual(['write a', 'write b', 'kept b']);
  });

  it('refuses every change of a refused group without running its memory change, and writes the next group on its own', async () => {
    const { log, groups, turn, wait } = recorded((group) => group.includes('x'));
    const refused = [groups.add('a', () => log.push('kept a')), groups.add('x', () => log.push('kept x'))];
    turn();
    const results = await Promise.allSettled(refused);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason.message).toBe('refused a+x');
    expect(log).toEqual([]);
    const next = groups.add('b', () => log.push('kept b'));
    turn();
    wait();
    await next;
    expect(log).toEqual(['write b', 'kept b']);
  });

  it('waits for as many changes as the previous group held, at most the longest wait, then writes what came', async () => {
    const { log, groups, turn, wait, timerSet } = recorded();
    const three = ['a', 'b', 'c'].map((change) => groups.add(change, () => {}));
    turn();
    await Promise.all(three);
    // Two of three: no flush on the next turn, a timer for the longest wait instead.
    const two = ['d', 'e'].map((change) => groups.add(change, () => {}));
    turn();
    expect(log).toEqual(['write a+b+c']);
    expect(timerSet()).toBe(true);
    wait();
    await Promise.all(two);
    expect(log).toEqual(['write a+b+c', 'write d+e']);
    // As many as the previous group (two): written on the next turn, and the timer is cancelled.
    const f = groups.add('f', () => {});
    expect(timerSet()).toBe(true);
    const g = groups.add('g', () => {});
    turn();
    await Promise.all([f, g]);
    expect(log).toEqual(['write a+b+c', 'write d+e', 'write f+g']);
    expect(timerSet()).toBe(false);
  });

  it('writes nothing for an empty turn, and a flush on demand writes what waits', async () => {
    const { log, groups, turn } = recorded();
    turn();
    expect(log).toEqual([]);
    const waiting = groups.add('a', () => {});
    groups.flush();
    await waiting;
    expect(log).toEqual(['write a']);
    turn();
    expect(log).toEqual(['write a']);
  });

  it('rejects only the change whose memory change throws', async () => {
    const { groups, turn } = recorded();
    const bad = groups.add('a', () => {
      throw new Error('bug');
    });
    const good = groups.add('b', () => {});
    turn();
    await expect(bad).rejects.toThrow('bug');
    await expect(good).resolves.toBeUndefined();
  });
});

describe('group commit on a data directory, over HTTP', () => {
  it('keeps an event sent again while its first copy waits for its commit once, and answers both', async () => {
    const { dir, remove } = scratchDir('sunset-group-');
    const server = await startDurable(dir);
    try {
      const created = await fetch(`${server.url}/api/v4/projects/1/error_tracking/client_keys`, {
        method: 'POST',
        headers: MAINTAINER,
      });
      const key = ((await created.json()) as { public_key: string }).public_key;
      const ingest = `${server.url}/api/v4/error_tracking/collector/api/1/envelope/?sentry_key=${key}`;
      const send = (index: number) => {
        const eventId = (index % 10).toString(16).padStart(32, '0');
        const event = JSON.stringify({ event_id: eventId, message: `GroupError${index % 10}` });
        return fetch(ingest, { method: 'POST', body: `{}\n{"type":"event"}\n${event}\n` }).then(async (response) => {
          await response.text();
          return response.status;
        });
      };
      // Thirty requests at once, each event id three times: most land in the same groups as their copies.
      const statuses = await Promise.all(Array.from({ length: 30 }, (_, index) => send(index)));
      expect(statuses).toEqual(Array(30).fill(200));
      const errors = server.reference.errors.state.errors;
      expect(errors.size()).toBe(10);
      expect(errors.list(1).map((record) => record.occurrences.length)).toEqual(Array(10).fill(1));
      await server.close();
      const restarted = await startDurable(dir);
      expect(restarted.reference.errors.state.errors.size()).toBe(10);
      await restarted.close();
    } finally {
      remove();
    }
  });
});
