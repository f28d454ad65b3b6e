/** What the status says while a request is on its way. */
export const SENDING = 'Sending…';

/**
 * Marks a console busy (or done): its Send button says so with `aria-disabled` rather than `disabled`, so it
 * keeps the focus the reader gave it, and the status, a live region, says "Sending…" once.
 */
export function markSending(root: HTMLElement, busy: boolean): void {
  const send = root.querySelector<HTMLButtonElement>('[data-send]');
  if (send) {
    if (busy) send.setAttribute('aria-disabled', 'true');
    else send.removeAttribute('aria-disabled');
  }
  const status = root.querySelector<HTMLElement>('[data-console-status]');
  if (busy && status && status.textContent !== SENDING) status.textContent = SENDING;
}
