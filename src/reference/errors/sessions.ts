/**
 * Release-health sessions, which the Python and Rust SDKs (and others) send beside errors as `session`
 * items (one session's latest state) and `sessions` items (pre-aggregated counts). The reference records
 * them per project and reports totals by outcome; the summary's shape is reference design.
 */
import { ApiError } from '../platform/api-error.ts';
import { truncate } from '../platform/truncate.ts';
import { retentionCutoff } from './error-store.ts';
import { parseTimestamp } from './event-timestamp.ts';
import { EVENT_LIMITS } from './event-trimming.ts';
import { elementObject, isObject, type JsonObject, readArray, readNumber, readObject, readString } from './field-readers.ts';
import { RETENTION_MS } from './ingestion-limits.ts';

/**
 * What a session update may keep, in characters (reference design; a session id is a UUID, a release the
 * same as an event's). Longer values are cut and marked as `trimmed` marks an event's, so an aggregate item
 * cannot copy a long release into each of its rows.
 */
export const SESSION_LIMITS = { sid: 128, release: EVENT_LIMITS.release } as const;

/** Outcomes a session ends with. `ok` means still running. */
const OUTCOMES = ['ok', 'exited', 'errored', 'crashed', 'abnormal'] as const;
type Outcome = (typeof OUTCOMES)[number];

/** A session update or an aggregate, ready to record. */
export type SessionUpdate = (
  | { kind: 'session'; sid: string; started: number; status: Outcome; release?: string }
  | { kind: 'aggregate'; started: number; counts: Record<Exclude<Outcome, 'ok'>, number>; release?: string }
) & {
  /** Fields cut to {@link SESSION_LIMITS}, by name, with their length as sent (as an event's `trimmed`). */
  trimmed?: Record<string, number>;
};

/** A release as kept, and what cutting it noted. */
interface Kept {
  release?: string;
  trimmed?: Record<string, number>;
}

function attrsRelease(payload: JsonObject, path: string): Kept {
  const attrs = readObject(payload, 'attrs', path);
  const release = attrs ? readString(attrs, 'release', `${path}.attrs`) : undefined;
  if (!release) return {};
  if (release.length <= SESSION_LIMITS.release) return { release };
  return { release: truncate(release, SESSION_LIMITS.release), trimmed: { release: release.length } };
}

function withRelease<T extends object>(update: T, kept: Kept): T & Kept {
  if (!kept.release) return update;
  return kept.trimmed ? { ...update, release: kept.release, trimmed: kept.trimmed } : { ...update, release: kept.release };
}

/** Reads a `session` item payload. */
export function readSession(payload: unknown, receivedAt: number, path: string): SessionUpdate {
  if (!isObject(payload)) throw new ApiError(400, `${path} must be a JSON object`);
  const sent = readString(payload, 'sid', path);
  if (!sent) throw new ApiError(400, `${path}.sid is missing; a session needs its id`);
  const sid = truncate(sent, SESSION_LIMITS.sid);
  const status = readString(payload, 'status', path) ?? 'ok';
  if (!OUTCOMES.includes(status as Outcome)) {
    throw new ApiError(400, `${path}.status must be one of ${OUTCOMES.join(', ')}; got "${status}"`);
  }
  const started = payload.started === undefined ? receivedAt : parseTimestamp(payload.started, `${path}.started`);
  // Read to check its type; totals count sessions by outcome, not the errors inside them.
  readNumber(payload, 'errors', path);
  const update = { kind: 'session' as const, sid, started, status: status as Outcome };
  const kept = attrsRelease(payload, path);
  if (sid.length < sent.length) kept.trimmed = { ...kept.trimmed, sid: sent.length };
  if (kept.trimmed && !kept.release) return { ...update, trimmed: kept.trimmed };
  return withRelease(update, kept);
}

/** Reads a `sessions` item payload into one update per aggregate row. */
export function readSessionAggregates(payload: unknown, receivedAt: number, path: string): SessionUpdate[] {
  if (!isObject(payload)) throw new ApiError(400, `${path} must be a JSON object`);
  const rows = readArray(payload, 'aggregates', path);
  if (!rows) throw new ApiError(400, `${path}.aggregates is missing; send an array of {started, exited, errored, …}`);
  const release = attrsRelease(payload, path);
  return rows.map((value, index) => {
    const where = `${path}.aggregates[${index}]`;
    const row = elementObject(value, where);
    const count = (field: string) => {
      const n = readNumber(row, field, where) ?? 0;
      if (!Number.isInteger(n) || n < 0) throw new ApiError(400, `${where}.${field} must be a whole number; got ${n}`);
      return n;
    };
    const started = row.started === undefined ? receivedAt : parseTimestamp(row.started, `${where}.started`);
    const counts = { exited: count('exited'), errored: count('errored'), crashed: count('crashed'), abnormal: count('abnormal') };
    return withRelease({ kind: 'aggregate' as const, started, counts }, release);
  });
}

/** Session totals of a project: how many sessions, by outcome. `ok` counts sessions still running. */
export type SessionSummary = Record<Outcome, number> & { total: number };

/** Recorded sessions of every project. */
export interface SessionStore {
  record(projectId: number, update: SessionUpdate): void;
  summary(projectId: number): SessionSummary;
  /** Drops sessions started past retention at `now`. */
  purge(now: number): void;
}

/** Creates an empty session store. */
export function createSessionStore(retentionMs: number = RETENTION_MS): SessionStore {
  const single = new Map<string, { projectId: number; started: number; status: Outcome }>();
  const aggregates: { projectId: number; started: number; counts: Record<Exclude<Outcome, 'ok'>, number> }[] = [];
  let oldest = Number.POSITIVE_INFINITY;
  return {
    record(projectId, update) {
      oldest = Math.min(oldest, update.started);
      if (update.kind === 'session') {
        single.set(`${projectId}\u0000${update.sid}`, { projectId, started: update.started, status: update.status });
      } else {
        aggregates.push({ projectId, started: update.started, counts: update.counts });
      }
    },
    summary(projectId) {
      const summary: SessionSummary = { total: 0, ok: 0, exited: 0, errored: 0, crashed: 0, abnormal: 0 };
      for (const session of single.values()) {
        if (session.projectId !== projectId) continue;
        summary[session.status] += 1;
        summary.total += 1;
      }
      for (const row of aggregates) {
        if (row.projectId !== projectId) continue;
        for (const outcome of ['exited', 'errored', 'crashed', 'abnormal'] as const) {
          summary[outcome] += row.counts[outcome];
          summary.total += row.counts[outcome];
        }
      }
      return summary;
    },
    purge(now) {
      const cutoff = retentionCutoff(now, retentionMs);
      if (oldest > cutoff) return;
      for (const [key, session] of single) if (session.started <= cutoff) single.delete(key);
      const kept = aggregates.filter((row) => row.started > cutoff);
      aggregates.splice(0, aggregates.length, ...kept);
      oldest = [...single.values(), ...kept].reduce((least, row) => Math.min(least, row.started), Number.POSITIVE_INFINITY);
    },
  };
}
