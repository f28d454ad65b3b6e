import { describe, expect, it } from 'vitest';
import {
  appendView,
  isOptedIn,
  type NotedPageView,
  noteView,
  OPT_IN_KEY,
  QUEUE_CAP,
  QUEUE_KEY,
  readQueue,
  setOptIn,
  takeViews,
} from '../../../src/browser/try/page-view-queue.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const view = (path: string, at = 1): NotedPageView => ({ url: `http://127.0.0.1/${path}`, title: path, referrer: '', at });

describe('page view queue', () => {
  it('notes nothing until the reader opts in', () => {
    const storage = memoryStorage();
    expect(noteView(storage, view('register/'))).toBe(false);
    expect(storage.values.has(QUEUE_KEY)).toBe(false);
    setOptIn(storage, true);
    expect(isOptedIn(storage)).toBe(true);
    expect(noteView(storage, view('register/'))).toBe(true);
    expect(noteView(storage, view('api/', 2))).toBe(true);
    expect(takeViews(storage).map((noted) => noted.title)).toEqual(['register/', 'api/']);
    expect(takeViews(storage)).toEqual([]);
  });

  it('forgets unsent views when the reader opts out', () => {
    const storage = memoryStorage();
    setOptIn(storage, true);
    noteView(storage, view('register/'));
    setOptIn(storage, false);
    expect(storage.values.has(OPT_IN_KEY)).toBe(false);
    expect(storage.values.has(QUEUE_KEY)).toBe(false);
  });

  it('keeps only the newest views past the cap', () => {
    let queue: NotedPageView[] = [];
    for (let index = 0; index < QUEUE_CAP + 5; index++) queue = appendView(queue, view(String(index), index));
    expect(queue).toHaveLength(QUEUE_CAP);
    expect(queue[0]?.at).toBe(5);
  });

  it('reads broken storage as empty and skips malformed items', () => {
    expect(readQueue('not json')).toEqual([]);
    expect(readQueue('{"a":1}')).toEqual([]);
    expect(readQueue(JSON.stringify([view('ok/'), { url: 1 }, null]))).toEqual([view('ok/')]);
  });

  it('notes nothing when storage refuses to write', () => {
    const storage = {
      ...memoryStorage(),
      getItem: () => 'on',
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(noteView(storage, view('x/'))).toBe(false);
  });
});
