/**
 * The archive of error groups a local server on a data directory lets go of from memory
 * (`errors/error-group-archive.ts`): `error-groups.sqlite` beside the data file. It holds nothing the journal
 * does not: every start deletes it and the journal's replay fills it again, so it is written without a
 * rollback journal on disk or syncing (a kill at any point loses nothing the next start cannot rebuild), and memory
 * stays bounded however many distinct errors were sent.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { ArchivedGroup, ErrorGroupArchive } from '../errors/error-group-archive.ts';
import type { Database, DatabaseConstructor } from './sqlite.ts';

/** The archive's file inside the data directory. */
export const ERROR_GROUP_FILE = 'error-groups.sqlite';

/** An archive on its file, and how to close it. */
export interface ErrorGroupFile extends ErrorGroupArchive {
  /**
   * Runs `work` (a start replaying its journal) with every write of the archive in one transaction, committed
   * when it ends; a start that fails ends the server, and the next start rebuilds the file anyway.
   */
  inOneTransaction<T>(work: () => Promise<T>): Promise<T>;
  close(): void;
}

const TABLES = `
  CREATE TABLE groups (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL, key TEXT NOT NULL,
    oldest REAL NOT NULL, occurrences INTEGER NOT NULL, record TEXT NOT NULL);
  CREATE UNIQUE INDEX groups_by_key ON groups (project_id, key);
  CREATE INDEX groups_by_project ON groups (project_id, id);
  CREATE INDEX groups_by_oldest ON groups (oldest);
  CREATE TABLE events (project_id INTEGER NOT NULL, event_id TEXT NOT NULL, group_id INTEGER NOT NULL,
    time REAL NOT NULL, PRIMARY KEY (project_id, event_id)) WITHOUT ROWID;
  CREATE INDEX events_by_group ON events (group_id);
  CREATE INDEX events_by_time ON events (time);`;

/** Opens a fresh archive in `dir` (what a previous start left there is removed). */
export function openErrorGroupFile(dir: string, DatabaseSync: DatabaseConstructor): ErrorGroupFile {
  const file = path.join(dir, ERROR_GROUP_FILE);
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  const db = new DatabaseSync(file);
  db.exec(`PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA locking_mode = EXCLUSIVE; ${TABLES}`);
  return archiveOn(db);
}

function archiveOn(db: Database): ErrorGroupFile {
  const insertGroup = db.prepare(
    'INSERT INTO groups (id, project_id, key, oldest, occurrences, record) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertEvent = db.prepare('INSERT OR REPLACE INTO events (project_id, event_id, group_id, time) VALUES (?, ?, ?, ?)');
  const byId = db.prepare('SELECT record FROM groups WHERE id = ? AND project_id = ?');
  const idByKey = db.prepare('SELECT id FROM groups WHERE project_id = ? AND key = ?');
  const dropGroup = db.prepare('DELETE FROM groups WHERE id = ?');
  const dropEvents = db.prepare('DELETE FROM events WHERE group_id = ?');
  const hasEvent = db.prepare('SELECT 1 AS found FROM events WHERE project_id = ? AND event_id = ?');
  const page = db.prepare('SELECT record FROM groups WHERE project_id = ? AND id > ? ORDER BY id LIMIT ?');
  const expiring = db.prepare('SELECT id, record FROM groups WHERE oldest <= ? ORDER BY oldest LIMIT ?');
  const updateGroup = db.prepare('UPDATE groups SET record = ?, oldest = ?, occurrences = ? WHERE id = ?');
  const dropOldEvents = db.prepare('DELETE FROM events WHERE time <= ?');
  const oldestTime = db.prepare('SELECT MIN(oldest) AS oldest FROM groups');
  let groups = 0;
  let occurrences = 0;
  let oldest = Number.POSITIVE_INFINITY;
  /** Whether a transaction spans the writes (`inOneTransaction`). */
  let spanning = false;
  /** Runs `write` as one transaction (so a group and its event ids are written together, and faster). */
  const together = <T>(write: () => T): T => {
    if (spanning) return write();
    db.exec('BEGIN');
    try {
      const result = write();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  };
  const take = (projectId: number, id: number): ArchivedGroup | undefined => {
    const row = byId.get(id, projectId) as { record: string } | undefined;
    if (!row) return undefined;
    const group = JSON.parse(row.record) as ArchivedGroup;
    together(() => {
      dropGroup.run(id);
      dropEvents.run(id);
    });
    groups -= 1;
    occurrences -= group.occurrences.length;
    return group;
  };
  return {
    put(group) {
      const first = group.occurrences[0]?.time ?? group.latest.timestamp;
      // A group is in memory or here, never both: one put twice is a fault, refused by the primary key.
      together(() => {
        insertGroup.run(group.id, group.projectId, group.key, first, group.occurrences.length, JSON.stringify(group));
        for (const occurrence of group.occurrences)
          insertEvent.run(group.projectId, occurrence.eventId, group.id, occurrence.time);
      });
      groups += 1;
      occurrences += group.occurrences.length;
      oldest = Math.min(oldest, first);
    },
    take,
    takeByKey(projectId, key) {
      const row = idByKey.get(projectId, key) as { id: number } | undefined;
      return row ? take(projectId, row.id) : undefined;
    },
    hasEvent: (projectId, eventId) => hasEvent.get(projectId, eventId) !== undefined,
    read: (projectId, afterId, limit) =>
      (page.all(projectId, afterId, limit) as { record: string }[]).map((row) => JSON.parse(row.record) as ArchivedGroup),
    purge(cutoff, limit) {
      const dropped = together(() => {
        let count = 0;
        for (const row of expiring.all(cutoff, limit) as { id: number; record: string }[]) {
          const group = JSON.parse(row.record) as ArchivedGroup;
          const kept = group.occurrences.filter((occurrence) => occurrence.time > cutoff);
          count += group.occurrences.length - kept.length;
          if (kept.length === 0) {
            dropGroup.run(row.id);
            groups -= 1;
          } else {
            group.occurrences = kept;
            updateGroup.run(JSON.stringify(group), (kept[0] as { time: number }).time, kept.length, row.id);
          }
        }
        dropOldEvents.run(cutoff);
        return count;
      });
      occurrences -= dropped;
      oldest = (oldestTime.get() as { oldest: number | null }).oldest ?? Number.POSITIVE_INFINITY;
      return dropped;
    },
    oldest: () => oldest,
    groups: () => groups,
    occurrences: () => occurrences,
    async inOneTransaction(work) {
      db.exec('BEGIN');
      spanning = true;
      try {
        return await work();
      } finally {
        spanning = false;
        db.exec('COMMIT');
      }
    },
    close: () => db.close(),
  };
}
