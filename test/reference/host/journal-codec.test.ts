import { deflateRawSync } from 'node:zlib';
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

  it('throws on bytes that are not an entry', () => {
    expect(() => decodeJournalEntry(new Uint8Array([1, 2, 3]))).toThrow();
    expect(() => decodeJournalEntry(deflateRawSync('not json'))).toThrow();
  });
});
