import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../src/reference/browser/world-journal.ts';
import { decodeJournalEntry, encodeJournalEntry } from '../../../src/reference/host/journal-codec.ts';
import { trackedEntry } from './journal-fixture.ts';

/**
 * What the journal codec makes of what it is handed, beyond the round trip journal-codec.test.ts holds: a
 * row is decoded as it is stored, and only a stored tracked entry is turned back into events, so a row that
 * is something else reaches the row checks as it was written.
 */
const tracked = trackedEntry(20);

describe('the journal codec', () => {
  it('stores tracked events as rows of values: smaller than the same objects compressed', () => {
    expect(encodeJournalEntry(tracked).length).toBeLessThan(deflateRawSync(JSON.stringify(tracked)).length);
  });

  it('reads a row stored as text as well as one stored compressed', () => {
    const status: JournalEntry = { kind: 'status', projectId: 1, errorId: 3, status: 'ignored' };
    expect(decodeJournalEntry(JSON.stringify(status))).toEqual(status);
    expect(decodeJournalEntry('null')).toBeNull();
    expect(decodeJournalEntry('5')).toBe(5);
  });

  it('turns only a tracked entry with rows back into events, leaving anything else as written', () => {
    const other = { kind: 'status', rows: [[1, 2]] };
    expect(decodeJournalEntry(JSON.stringify(other))).toEqual(other);
    const noRows = { kind: 'tracked', events: [] };
    expect(decodeJournalEntry(JSON.stringify(noRows))).toEqual(noRows);
    expect(decodeJournalEntry(JSON.stringify({ kind: 'tracked', projectId: 2, receivedAt: 5, rows: ['not a row'] }))).toEqual({
      kind: 'tracked',
      projectId: 2,
      receivedAt: 5,
      events: ['not a row'],
    });
  });
});
