/** Shows a request and its answer as two text blocks, the way the demos print every call they make. */

import type { Exchange } from './call-api.ts';
import { h, replaceChildren } from './try/build-element.ts';
import { requestText, responseText, statusLine } from './try/http-exchange.ts';

/** Replaces the content of `container` with the exchange; the answer's block carries its status in `data-status`. */
export function showExchange(container: Element, exchange: Exchange): void {
  container.removeAttribute('hidden');
  replaceChildren(
    container,
    h('p', { class: 'exchange-label' }, 'Request'),
    // Long requests and answers scroll inside their block, so each block must be reachable from the keyboard.
    h('pre', { class: 'exchange-request', 'data-request': true, tabindex: 0 }, requestText(exchange.request, location.origin)),
    h('p', { class: 'exchange-label' }, 'Response'),
    h(
      'pre',
      {
        class: `exchange-response${exchange.response.status >= 400 ? ' is-refused' : ''}`,
        'data-status': exchange.response.status,
        tabindex: 0,
      },
      responseText(exchange.response),
    ),
  );
}

/** Shows a failure that has no answer (the network, or the page's own check), as text. */
export function showFailure(container: Element, message: string): void {
  container.removeAttribute('hidden');
  replaceChildren(container, h('p', { class: 'problem', role: 'alert' }, message));
}

/**
 * Says the answer to a request the reader asked for, in one short line (`POST /api/v4/…: 201 Created`),
 * through the page's answer status (`[data-answer-status]`, a live region); the blocks above are for the eye.
 */
export function announceExchange(exchange: Exchange): void {
  const path = new URL(exchange.request.url, location.origin).pathname;
  say(`${exchange.request.method} ${path}: ${statusLine(exchange.response)}`);
}

/** Says a failure with no answer through the page's answer status. */
export function announceFailure(message: string): void {
  say(message);
}

/**
 * Puts a line in the answer status. The region is emptied first and filled a moment later, so the same
 * answer twice (a second key created) is said twice: a region set to the text it holds says nothing.
 */
function say(text: string): void {
  const region = document.querySelector('[data-answer-status]');
  if (!region) return;
  region.textContent = '';
  setTimeout(() => {
    region.textContent = text;
  }, 30);
}
