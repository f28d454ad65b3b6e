import { describe, expect, it } from 'vitest';
import type { ErrorEvent } from '../../../src/reference/errors/error-event.ts';
import { createErrorStore } from '../../../src/reference/errors/error-store.ts';
import { listErrors, nextLink, parseListQuery } from '../../../src/reference/errors/errors-list-query.ts';
import { ApiError } from '../../../src/reference/platform/api-error.ts';

const NOW = Date.parse('2025-03-10T12:30:00Z');
const HOUR = 3_600_000;
const event = (type: string, hoursAgo: number, message?: string): ErrorEvent => ({
  eventId: 'e'.repeat(32),
  timestamp: NOW - hoursAgo * HOUR,
  receivedAt: NOW,
  platform: 'node',
  level: 'error',
  exceptions: [{ type, value: message ?? `${type} happened`, frames: [] }],
});

/** A: first 10h ago, last 5h ago, 3 times. B: 8h ago once. C: first 2h ago, 2 times. D: resolved. */
function fixture() {
  const store = createErrorStore();
  for (const hours of [10, 7, 5]) store.record(1, event('AError', hours));
  store.record(1, event('BError', 8, 'needle in B'));
  for (const hours of [2, 1]) store.record(1, event('CError', hours));
  store.record(1, event('DError', 3)).status = 'resolved';
  return store.list(1);
}
const titles = async (query: string) =>
  (await listErrors([fixture()], parseListQuery(new URLSearchParams(query)), NOW)).items.map((item) => item.type);

describe('errors list', () => {
  it('lists open errors by last seen, newest first, by default', async () => {
    expect(await titles('')).toEqual(['CError', 'AError', 'BError']);
  });

  it('sorts by first seen or by frequency', async () => {
    expect(await titles('sort=first_seen')).toEqual(['CError', 'BError', 'AError']);
    expect(await titles('sort=frequency')).toEqual(['AError', 'CError', 'BError']);
  });

  it('filters by status and by a case-insensitive search of title, culprit and type', async () => {
    expect(await titles('status=resolved')).toEqual(['DError']);
    expect(await titles('status=all')).toHaveLength(4);
    expect(await titles('search=NEEDLE')).toEqual(['BError']);
    expect(await titles('search=cerror')).toEqual(['CError']);
  });

  it('pages with a cursor that continues where the last page ended', async () => {
    const records = fixture();
    const first = await listErrors([records], parseListQuery(new URLSearchParams('limit=2&sort=frequency')), NOW);
    expect(first.items.map((item) => item.type)).toEqual(['AError', 'CError']);
    expect(first.nextCursor).toBeDefined();
    const second = await listErrors(
      [records],
      parseListQuery(new URLSearchParams(`limit=2&sort=frequency&cursor=${first.nextCursor}`)),
      NOW,
    );
    expect(second.items.map((item) => item.type)).toEqual(['BError']);
    expect(second.nextCursor).toBeUndefined();
  });

  it('builds the Link header on the request URL', () => {
    expect(nextLink('http://localhost:8787/api/v4/projects/1/error_tracking/errors?limit=2', 'abc')).toBe(
      '<http://localhost:8787/api/v4/projects/1/error_tracking/errors?limit=2&cursor=abc>; rel="next"',
    );
  });

  it('rejects bad parameters with the valid values', async () => {
    const message = (query: string) => {
      try {
        parseListQuery(new URLSearchParams(query));
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) return error.message;
      }
      return 'accepted';
    };
    expect(message('limit=0')).toBe('limit must be a whole number from 1 to 100; got "0"');
    expect(message('limit=101')).toMatch(/from 1 to 100/);
    expect(message('limit=100')).toBe('accepted');
    expect(message('sort=title')).toBe('sort must be one of last_seen, first_seen, frequency; got "title"');
    expect(message('status=closed')).toBe('status must be one of open, resolved, ignored or all; got "closed"');
    expect(message('cursor=%%%')).toMatch(/cursor is not one this endpoint gave out/);
    const cursor = (await listErrors([fixture()], parseListQuery(new URLSearchParams('limit=1')), NOW)).nextCursor;
    expect(message(`sort=frequency&cursor=${cursor}`)).toBe(
      'cursor belongs to sort=last_seen; keep the sort of the page it came from',
    );
  });
});
