/**
 * One server per data directory. Two servers writing one directory would each hand out the same key and
 * issue numbers and lose each other's acknowledged writes, so a server holds an exclusive SQLite lock on
 * `reference.lock` for as long as it runs, and says who it is in `reference.owner`. The operating system
 * drops the lock when the process ends, however it ends, so a server killed with SIGKILL leaves no lock
 * behind that blocks the next start (its owner file is simply overwritten).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { cannotWrite, DataDirError } from './data-dir-error.ts';
import type { Database, DatabaseConstructor } from './sqlite.ts';

/** The file whose lock says a server uses the directory. */
export const LOCK_FILE = 'reference.lock';
/** Who holds the lock: `{pid, host, since}`, for the message the next server gives. */
export const OWNER_FILE = 'reference.owner';

/** The lock, held until released. */
export interface DataDirLock {
  release(): void;
}

function describeOwner(dir: string): string {
  try {
    const owner = JSON.parse(readFileSync(path.join(dir, OWNER_FILE), 'utf8')) as {
      pid?: unknown;
      host?: unknown;
      since?: unknown;
    };
    return `another reference server (pid ${String(owner.pid)} on ${String(owner.host)}, running since ${String(owner.since)})`;
  } catch {
    return 'another reference server (its pid is not recorded yet)';
  }
}

/** Takes the directory's lock, or throws a {@link DataDirError} naming the process that holds it. */
export function lockDataDir(dir: string, DatabaseSync: DatabaseConstructor): DataDirLock {
  const file = path.join(dir, LOCK_FILE);
  let db: Database;
  try {
    db = new DatabaseSync(file);
  } catch (error) {
    throw new DataDirError(cannotWrite(file, error, dir, 'created or opened'));
  }
  try {
    // A rollback journal and an open exclusive transaction: no other connection can even read the file.
    db.exec('PRAGMA journal_mode = DELETE; BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if (!/locked|busy/i.test((error as Error).message)) throw new DataDirError(cannotWrite(file, error, dir, 'locked'));
    throw new DataDirError(
      `${dir} is in use by ${describeOwner(dir)}; one server owns a data directory at a time: stop that server, or pass another --data-dir`,
    );
  }
  const owner = path.join(dir, OWNER_FILE);
  try {
    writeFileSync(owner, `${JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() })}\n`);
  } catch (error) {
    db.close();
    throw new DataDirError(cannotWrite(owner, error, dir));
  }
  return {
    release() {
      rmSync(owner, { force: true });
      db.close();
    },
  };
}
