/**
 * Ingestion at the DSN-derived store and envelope paths, as one function over plain data so MSW
 * handlers, the local server and benchmarks share it. Every fault answers 4xx with a message, and an
 * envelope is validated whole before anything is recorded: a rejected request changes no state.
 */
import { ApiError } from '../platform/api-error.ts';
import { canonicalId } from '../platform/canonical-id.ts';
import type { StateChange } from '../platform/state-store.ts';
import { type Decompressor, decodeBody } from './body-decoding.ts';
import type { ClientKeyStore } from './client-keys.ts';
import { type EnvelopeItem, parseEnvelope, parseJsonObject, utf8 } from './envelope-parser.ts';
import type { ErrorEvent } from './error-event.ts';
import type { ErrorJournalEntry, RecordedBatch } from './error-journal-entry.ts';
import { type ErrorStore, retentionCutoff } from './error-store.ts';
import { newEventId, normalizeEvent, readEventId } from './event-normalizer.ts';
import { MAX_ENVELOPE_EVENTS, MAX_SESSION_UPDATES } from './ingestion-limits.ts';
import { keyFromEnvelopeHeader, keyFromRequest } from './sentry-auth.ts';
import { readSession, readSessionAggregates, type SessionStore, type SessionUpdate } from './sessions.ts';
import { acceptsErrors, type TrackingSettingsStore } from './tracking-settings.ts';

/**
 * Decoded bodies past this size (256 KiB) are read in one turn of the event loop and kept in the next, so
 * other requests are answered between the two; smaller ones, nearly every SDK request, take one turn.
 */
export const YIELD_AFTER_BYTES = 256 * 1024;

/** The state and services ingestion works on. */
export interface IngestDeps {
  keys: ClientKeyStore;
  settings: TrackingSettingsStore;
  errors: ErrorStore;
  sessions: SessionStore;
  now(): number;
  decompress?: Decompressor;
  /** Keeps a batch's journal entry (for a host to {@link recordBatch} it again on start) before it is recorded. */
  commit(change: StateChange): void;
  /**
   * Where the host commits in groups (a data directory): the entry is kept with other requests' in one
   * transaction and the batch recorded right after it; the answer waits for that commit.
   */
  commitSoon?: (change: StateChange, kept: () => void) => Promise<void>;
  /**
   * Cuts each event to what it may keep (`event-trimming.ts`); network hosts pass it, the in-browser reference,
   * whose only client is its reader, keeps events whole.
   */
  trimEvent?: (event: ErrorEvent) => ErrorEvent;
}

export type { RecordedBatch } from './error-journal-entry.ts';

/** One ingestion request, as plain data. */
export interface IngestRequest {
  /** `store` (the body is one event) or `envelope`. */
  kind: 'store' | 'envelope';
  /** The `{project_id}` path segment, as sent. */
  projectId: string;
  /** The request headers; only `get` is used, so a host may pass its own view of them. */
  headers: Pick<Headers, 'get'>;
  /** The query parameters; only `get` is used. */
  query: Pick<URLSearchParams, 'get'>;
  body: Uint8Array;
  /** The client's address, for `{{auto}}`. */
  clientAddress: string;
}

/** The answer: 200 with the event id, or a 4xx with a message. */
export type IngestResult = { status: 200; body: { id: string } } | { status: number; body: { message: string; error: string } };

/** What a valid request records, collected before anything is written. */
interface Batch {
  events: ErrorEvent[];
  sessions: SessionUpdate[];
  replyId: string;
}

/** The event as it is kept: cut to its limits where the host bounds what it keeps. */
const kept = (deps: IngestDeps, event: ErrorEvent): ErrorEvent => (deps.trimEvent ? deps.trimEvent(event) : event);

function authorize(deps: IngestDeps, publicKey: string | undefined, projectId: number): void {
  if (!publicKey) {
    throw new ApiError(
      401,
      'no client key: send X-Sentry-Auth: Sentry sentry_key=<public key>, the query parameter sentry_key, or a dsn in the envelope header',
    );
  }
  const key = deps.keys.findByPublicKey(publicKey);
  if (!key) throw new ApiError(401, 'the client key is unknown or was deleted; configure the SDK with a current DSN');
  if (key.projectId !== projectId) {
    throw new ApiError(401, `the client key belongs to project ${key.projectId}, not ${projectId}; use that project's DSN`);
  }
  if (!acceptsErrors(deps.settings.get(projectId))) {
    throw new ApiError(
      403,
      `error tracking is off for project ${projectId}: set Enable error tracking to Active and the backend to the platform's own in Settings > Monitor > Error Tracking`,
    );
  }
}

function inItem<T>(item: EnvelopeItem, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ApiError)
      throw new ApiError(error.status, `envelope item ${item.index} (${item.type}): ${error.message}`);
    throw error;
  }
}

function envelopeBatch(bytes: Uint8Array, request: IngestRequest, deps: IngestDeps, headerKey: string | undefined): Batch {
  const envelope = parseEnvelope(bytes);
  const projectId = Number(request.projectId);
  if (!headerKey) authorize(deps, keyFromEnvelopeHeader(envelope.header), projectId);
  const headerId = readEventId(envelope.header.event_id, 'the envelope header event_id');
  const now = deps.now();
  const batch: Batch = { events: [], sessions: [], replyId: headerId ?? '' };
  for (const item of envelope.items) {
    if (item.type === 'event') {
      const event = inItem(item, () => {
        const payload = parseJsonObject(item.text(), 'the event');
        // The envelope's event_id names its (first) event when the event omits its own.
        const first = batch.events.length === 0;
        const fallbackEventId = () => (first && headerId ? headerId : newEventId());
        return kept(deps, normalizeEvent(payload, { clientAddress: request.clientAddress, receivedAt: now, fallbackEventId }));
      });
      batch.events.push(event);
      batch.replyId ||= event.eventId;
    } else if (item.type === 'session') {
      batch.sessions.push(inItem(item, () => readSession(parseJsonObject(item.text(), 'the session'), now, 'session')));
    } else if (item.type === 'sessions') {
      const payload = inItem(item, () => parseJsonObject(item.text(), 'the sessions'));
      batch.sessions.push(...inItem(item, () => readSessionAggregates(payload, now, 'sessions')));
    }
    // transaction, attachment, client_report, profile, check_in, user_report and unknown types are skipped.
    if (batch.events.length > MAX_ENVELOPE_EVENTS || batch.sessions.length > MAX_SESSION_UPDATES)
      throw new ApiError(
        413,
        `envelope item ${item.index}: one envelope carries at most ${MAX_ENVELOPE_EVENTS} events and ${MAX_SESSION_UPDATES} session updates; send the rest in another envelope`,
      );
  }
  batch.replyId ||= newEventId();
  return batch;
}

function storeBatch(bytes: Uint8Array, request: IngestRequest, deps: IngestDeps): Batch {
  const payload = parseJsonObject(utf8(bytes), 'the event (request body)');
  const event = kept(
    deps,
    normalizeEvent(payload, { clientAddress: request.clientAddress, receivedAt: deps.now(), fallbackEventId: newEventId }),
  );
  return { events: [event], sessions: [], replyId: event.eventId };
}

/**
 * Records a validated batch as if received at `batch.receivedAt`: retention is applied first, and events
 * already past it are not kept. Hosts replaying a journal call it with the batches of its `ingested` entries.
 */
export function recordBatch(
  stores: { errors: ErrorStore; sessions: SessionStore },
  projectId: number,
  batch: RecordedBatch,
): void {
  const now = batch.receivedAt;
  stores.errors.purge(now);
  stores.sessions.purge(now);
  const cutoff = retentionCutoff(now, stores.errors.retentionMs);
  for (const event of batch.events) {
    // Once per event id: a journal written before duplicates were dropped at ingestion replays as it is kept now.
    if (event.timestamp > cutoff && !stores.errors.hasEvent(projectId, event.eventId)) stores.errors.record(projectId, event);
  }
  for (const update of batch.sessions) stores.sessions.record(projectId, update);
}

/**
 * Event ids waiting for their group's commit, per error store, with the commit they wait for: a retry that
 * arrives meanwhile is not kept twice, and its answer waits for the same commit as the first.
 */
const inFlight = new WeakMap<ErrorStore, Map<string, Promise<void>>>();
const inFlightKey = (projectId: number, eventId: string) => `${projectId}\u0000${eventId}`;

/**
 * The batch's events the project does not hold yet, each event id once: what a retry sends again is
 * acknowledged, not kept twice. `waits` gets the commits of the ids already on their way to the disk.
 */
function newEvents(deps: IngestDeps, projectId: number, events: ErrorEvent[], waits: Promise<void>[]): ErrorEvent[] {
  const pending = inFlight.get(deps.errors);
  const known = (eventId: string) => {
    if (deps.errors.hasEvent(projectId, eventId)) return true;
    const wait = pending?.get(inFlightKey(projectId, eventId));
    if (wait) waits.push(wait);
    return wait !== undefined;
  };
  if (events.length === 1) return known((events[0] as ErrorEvent).eventId) ? [] : events;
  const seen = new Set<string>();
  return events.filter((event) => {
    if (seen.has(event.eventId) || known(event.eventId)) return false;
    seen.add(event.eventId);
    return true;
  });
}

/**
 * Records a validated batch; events already past retention are acknowledged but not kept, and so are events
 * the project already holds (by event id, as the platform's ingestion de-duplicates). The journal entry is
 * committed first: if the host cannot keep it (it throws), nothing is recorded and the client may send it again.
 * Where the host commits in groups the answer waits for that commit (a promise is returned).
 */
function commit(deps: IngestDeps, projectId: number, batch: Batch, sentBytes: number): Promise<unknown> | undefined {
  // Past retention first, so an id whose occurrence has just expired is taken as new.
  const now = deps.now();
  deps.errors.purge(now);
  const waits: Promise<void>[] = [];
  const events = newEvents(deps, projectId, batch.events, waits);
  if (events.length === 0 && batch.sessions.length === 0) return waits.length > 0 ? Promise.all(waits) : undefined;
  const recorded: RecordedBatch = { events, sessions: batch.sessions, receivedAt: now };
  const entry: ErrorJournalEntry = { kind: 'ingested', projectId, batch: recorded };
  if (!deps.commitSoon) {
    deps.commit({ journal: [entry], sentBytes });
    recordBatch(deps, projectId, recorded);
    return undefined;
  }
  let pending = inFlight.get(deps.errors);
  if (!pending) {
    pending = new Map();
    inFlight.set(deps.errors, pending);
  }
  const keys = events.map((event) => inFlightKey(projectId, event.eventId));
  const done = deps.commitSoon({ journal: [entry], sentBytes }, () => recordBatch(deps, projectId, recorded));
  for (const key of keys) pending.set(key, done);
  // Handles the rejection too: the request's own answer comes from awaiting `done`, a retry's from the same.
  const settled = () => {
    for (const key of keys) if (pending.get(key) === done) pending.delete(key);
  };
  done.then(settled, settled);
  return waits.length > 0 ? Promise.all([done, ...waits]) : done;
}

/** The answer to a request that failed: its 4xx, or a 500 with the bug's message. */
function failed(error: unknown): IngestResult {
  const status = error instanceof ApiError ? error.status : 500;
  const message =
    error instanceof ApiError ? error.message : `internal error in the reference implementation: ${(error as Error).message}`;
  return { status, body: { message, error: message } };
}

/** The rest of {@link ingest} once the body is decoded: read the batch, then keep it. */
function ingestDecoded(
  deps: IngestDeps,
  request: IngestRequest,
  projectId: number,
  headerKey: string | undefined,
  bytes: Uint8Array,
) {
  const batch = request.kind === 'store' ? storeBatch(bytes, request, deps) : envelopeBatch(bytes, request, deps, headerKey);
  const answer: IngestResult = { status: 200, body: { id: batch.replyId } };
  // A large body's work is split in two turns of the event loop, reading and keeping, so neither holds it long.
  if (bytes.length > YIELD_AFTER_BYTES)
    return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(async () => {
      await commit(deps, projectId, batch, request.body.length);
      return answer;
    });
  const committing = commit(deps, projectId, batch, request.body.length);
  return committing ? committing.then(() => answer) : answer;
}

/**
 * Ingests one request. Never throws and never rejects: faults become 4xx results, and a bug a 500 with its
 * message. The answer comes without a promise when nothing waits (a plain or small compressed body kept in
 * memory, nearly every SDK request): a turn of the event loop per request is a cost on the busiest path.
 */
export function ingest(deps: IngestDeps, request: IngestRequest): IngestResult | Promise<IngestResult> {
  try {
    const projectId = canonicalId(request.projectId) ?? Number.NaN;
    if (Number.isNaN(projectId)) {
      throw new ApiError(404, `404 Project Not Found: "${request.projectId}" is not a project id; check the DSN`);
    }
    const headerKey = keyFromRequest(request.headers, request.query);
    // A key in the headers or query is checked before the body is decompressed and parsed, so refused clients cost little.
    if (headerKey || request.kind === 'store') authorize(deps, headerKey, projectId);
    const decoded = decodeBody(request.body, request.headers.get('content-encoding'), deps.decompress);
    const result =
      decoded instanceof Uint8Array
        ? ingestDecoded(deps, request, projectId, headerKey, decoded)
        : decoded.then((bytes) => ingestDecoded(deps, request, projectId, headerKey, bytes));
    return result instanceof Promise ? result.catch(failed) : result;
  } catch (error) {
    return failed(error);
  }
}
