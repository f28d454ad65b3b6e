import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../src/reference/browser/world-journal.ts';
import { decodeJournalEntry, encodeJournalEntry } from '../../../src/reference/host/journal-codec.ts';
import { trackedEntry } from './journal-fixture.ts';

const tracked = trackedEntry(50);

describe('journal entries as the data directory stores them', () => {
  it('come back as they went in, tracked events included', () => {
    expect(decodeJournalEntry(encodeJournalEntry(tracked))).toEqual(tracked);
    const status: JournalEntry = { kind: 'status', projectId: 1, errorId: 3, status: 'ignored' };
    expect(decodeJournalEntry(encodeJournalEntry(status))).toEqual(status);
  });

  it('are stored as compressed rows of values, far smaller than the JSON of the objects', () => {
    expect(encodeJournalEntry(tracked).length * 10).toBeLessThan(JSON.stringify(tracked).length);
  });

  it('keeps an entry of one event and one session update as JSON text when its request sent at least half its size', () => {
    const event = { eventId: 'a'.repeat(32), timestamp: 1, receivedAt: 1, platform: 'node', level: 'error', exceptions: [] };
    const session = { kind: 'session' as const, sid: 's1', started: 1, status: 'ok' as const };
    const single: JournalEntry = {
      kind: 'ingested',
      projectId: 1,
      batch: { events: [event], sessions: [session], receivedAt: 1 },
    };
    const size = Buffer.byteLength(JSON.stringify(single));
    // At exactly half its size the request may be stored as text; a byte less, and it is compressed.
    expect(encodeJournalEntry(single, Math.ceil(size / 2))).toBe(JSON.stringify(single));
    expect(encodeJournalEntry(single, Math.ceil(size / 2) - 1)).toBeInstanceOf(Uint8Array);
    expect(encodeJournalEntry(single)).toBeInstanceOf(Uint8Array);
    expect(decodeJournalEntry(encodeJournalEntry(single, size))).toEqual(single);
    // Two events, or two session updates, are compressed whatever the request sent: what they copy could repeat.
    const two: JournalEntry = { kind: 'ingested', projectId: 1, batch: { events: [event, event], sessions: [], receivedAt: 1 } };
    expect(encodeJournalEntry(two, 1e6)).toBeInstanceOf(Uint8Array);
    const sessions: JournalEntry = {
      kind: 'ingested',
      projectId: 1,
      batch: { events: [], sessions: [session, session], receivedAt: 1 },
    };
    expect(encodeJournalEntry(sessions, 1e6)).toBeInstanceOf(Uint8Array);
    expect(encodeJournalEntry(tracked, 1e9)).toBeInstanceOf(Uint8Array);
  });

  it('compresses at zlib’s fastest level, not its default', () => {
    const event = { eventId: 'b'.repeat(32), timestamp: 1, receivedAt: 1, platform: 'node', level: 'error', exceptions: [] };
    const single: JournalEntry = { kind: 'ingested', projectId: 1, batch: { events: [event], sessions: [], receivedAt: 1 } };
    for (const [what, entry] of [
      ['tracked events', tracked],
      ['a single event its request sent less of', single],
    ] as const) {
      const stored = encodeJournalEntry(entry) as Uint8Array;
      const text = inflateRawSync(stored);
      expect(Buffer.from(stored), what).toEqual(deflateRawSync(text, { level: 1 }));
      // The two levels differ on this entry, so the comparison above says which one wrote it.
      expect(deflateRawSync(text, { level: 1 }), what).not.toEqual(deflateRawSync(text));
    }
  });

  it('throws on bytes that are not an entry', () => {
    expect(() => decodeJournalEntry(new Uint8Array([1, 2, 3]))).toThrow();
    expect(() => decodeJournalEntry(deflateRawSync('not json'))).toThrow();
  });
});
