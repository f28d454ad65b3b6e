/**
 * `sunset reference --data-dir DIR` from the installed package, on Node 22 and 24: a directory it cannot use
 * (a foreign file, a file where a directory is expected, one it may not write, one another server owns) ends
 * the command with exit 2 and one line naming the path and what to do, never a stack trace; and on Node 22 the
 * server's use of node:sqlite prints no ExperimentalWarning.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, inject, it } from 'vitest';
import { freePort, startServer } from './processes.ts';

const packed = inject('packed');
const bin = path.join(packed.consumer, 'node_modules', '.bin', 'sunset');

const NODES = [
  ['Node 24', process.execPath],
  ['Node 22', packed.node22],
] as const;

/** Runs as root in some containers, where no directory is unwritable: the unwritable case then runs as nobody. */
const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

describe.each(NODES)('sunset reference --data-dir on %s', (_label, node) => {
  const reference = (dataDir: string, options: { uid?: number; gid?: number } = {}) => {
    const result = spawnSync(node, [bin, 'reference', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir], {
      cwd: packed.consumer,
      encoding: 'utf8',
      timeout: 60_000,
      ...options,
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const scratch = () => mkdtempSync(path.join(packed.work, 'data-'));

  /** Exit 2, and stderr one line that names `where` and ends saying what to do. */
  const expectOneLine = (result: ReturnType<typeof reference>, where: string, todo: RegExp) => {
    expect(result.code, result.stderr).toBe(2);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toContain(where);
    expect(lines[0]).toMatch(todo);
    expect(result.stderr).not.toMatch(/\n\s+at |Error:|ExperimentalWarning/);
  };

  it('refuses a file that is not a database, or a database of something else', () => {
    const dir = scratch();
    writeFileSync(path.join(dir, 'reference.sqlite'), 'notes of some length, but no database '.repeat(40));
    expectOneLine(reference(dir), path.join(dir, 'reference.sqlite'), /move the file away or pass another --data-dir$/);
    const foreign = scratch();
    const db = new DatabaseSync(path.join(foreign, 'reference.sqlite'));
    db.exec("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('someone else''s');");
    db.close();
    const refused = reference(foreign);
    expectOneLine(refused, path.join(foreign, 'reference.sqlite'), /move the file away or pass another --data-dir$/);
    expect(refused.stderr).toContain('is not a Sunset reference database');
  });

  it('refuses a file where a directory is expected, at the directory and inside it', () => {
    const file = path.join(scratch(), 'plain-file');
    writeFileSync(file, 'x');
    expectOneLine(reference(file), file, /pass a directory \(it is created when missing\)$/);
    expectOneLine(reference(path.join(file, 'below')), file, /pass a directory you may write$/);
    const dir = scratch();
    mkdirSync(path.join(dir, 'reference.sqlite'));
    expectOneLine(reference(dir), path.join(dir, 'reference.sqlite'), /pass another --data-dir$/);
  });

  it('refuses a directory it may not write', () => {
    const dir = scratch();
    chmodSync(dir, 0o555);
    // The installed package and Node sit below the run's own folder, which nobody else may enter by default.
    chmodSync(packed.work, 0o755);
    expectOneLine(reference(dir, asNobody), dir, /make .* writable, or pass another --data-dir$/);
  });

  it('refuses a directory another server owns, naming it and that server; prints no ExperimentalWarning', async () => {
    const dir = scratch();
    const first = await startServer(
      node,
      [bin, 'reference', '--port', '0', '--host', '127.0.0.1', '--data-dir', dir],
      packed.consumer,
    );
    try {
      expect(first.output()).not.toMatch(/ExperimentalWarning|SQLite is an experimental/);
      const second = reference(dir);
      expectOneLine(
        second,
        dir,
        /is in use by another reference server \(pid \d+ on .*\); one server owns a data directory at a time: stop that server, or pass another --data-dir$/,
      );
    } finally {
      expect(await first.stop()).toBe(0);
    }
    expect(first.output()).not.toMatch(/ExperimentalWarning|SQLite is an experimental/);
  });

  it('--wait-for gives up at its timeout with exit 1 and what it last saw', async () => {
    const port = await freePort();
    const result = spawnSync(node, [bin, 'reference', '--wait-for', `http://127.0.0.1:${port}`, '--timeout', '1'], {
      cwd: packed.consumer,
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^sunset reference: http://127.0.0.1:${port} was not ready within 1 s \\(last: ECONNREFUSED\\); is the service started`,
      ),
    );
    const bad = spawnSync(node, [bin, 'reference', '--wait-for', 'sunset:9787'], { cwd: packed.consumer, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--wait-for "sunset:9787" is not a URL such as http://sunset:9787');
  });
});
