import type { JournalEntry } from '../../../src/reference/browser/world-journal.ts';

/** A journal entry of `count` tracked page views of one project, every other one with a time-zone offset. */
export function trackedEntry(count: number): JournalEntry {
  return {
    kind: 'tracked',
    projectId: 1,
    receivedAt: 1_700_000_000_000,
    events: Array.from({ length: count }, (_, index) => ({
      docEncoding: null,
      docHost: 'shop.example.com',
      docPath: `/p${index}`,
      docSearch: null,
      eventType: 'pageview',
      localTzOffset: index % 2 ? 60 : null,
      pageTitle: 'Page',
      src: null,
      utcTime: 1_700_000_000_000 + index,
      vpSize: null,
      apiKey: 'demo-app',
      userAnonymousId: 'u',
    })),
  };
}
