/**
 * Tells other tabs of the same site that the in-browser world changed, so their references catch up
 * (each tab runs its own reference; the service worker hands a page's requests to that page).
 */

const CHANNEL = 'sunset-demo-world';

/** What changed: journal entries were appended, state keys were written, or the world was reset. */
export type WorldChange = { kind: 'journal' } | { kind: 'state'; keys: string[] } | { kind: 'reset' };

/** A channel between the tabs. */
export interface WorldChannel {
  post(change: WorldChange): void;
  close(): void;
}

/** Opens the channel; `receive` sees changes other tabs post (never this tab's own). */
export function openWorldChannel(receive: (change: WorldChange) => void): WorldChannel {
  if (typeof BroadcastChannel === 'undefined') return { post() {}, close() {} };
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<WorldChange>) => receive(event.data);
  return { post: (change) => channel.postMessage(change), close: () => channel.close() };
}
