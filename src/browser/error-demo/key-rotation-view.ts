/**
 * Key rotation, as the spec's procedure has it: create a new key, list the keys to confirm it, delete the
 * old one. Then one envelope is sent by hand with each DSN — the SDK swallows delivery failures, so the
 * refusal of the old key (401) is shown from the ingestion's own answer.
 */

import { callApi, type Exchange } from '../call-api.ts';
import { markedElement } from '../demo-page.ts';
import { announceExchange, announceFailure, showExchange, showFailure } from '../exchange-view.ts';
import { setUnusable } from '../keep-focus.ts';
import { h, replaceChildren } from '../try/build-element.ts';
import { identifierCode } from '../try/identifier-code.ts';
import { messageEnvelope } from '../try/raw-envelope.ts';
import { createKey, deleteKey, isClientKey, listKeys } from './demo-api.ts';
import type { DemoKeys } from './demo-key.ts';

/** The rotation section's elements, found by `data-rotate-*` attributes under a root. */
interface RotationElements {
  create: HTMLButtonElement;
  list: HTMLButtonElement;
  remove: HTMLButtonElement;
  checkOld: HTMLButtonElement;
  checkNew: HTMLButtonElement;
  keys: HTMLElement;
}

/** What the rotation needs from the page. */
export interface RotationHost {
  keys(): DemoKeys;
  /** Called with the keys after the new one is created; the page points the SDK at the new DSN. */
  rotated(keys: DemoKeys): Promise<void>;
}

const eventId = () => crypto.randomUUID().replaceAll('-', '');

/** The exchange block that follows a step's button. */
function outputOf(button: HTMLElement): HTMLElement {
  const next = button.nextElementSibling;
  if (next instanceof HTMLElement && next.classList.contains('exchange')) return next;
  const block = h('div', { class: 'exchange' });
  button.after(block);
  return block;
}

async function run(button: HTMLButtonElement, call: () => Promise<Exchange | undefined>): Promise<void> {
  setUnusable(button, true);
  try {
    const exchange = await call();
    if (exchange) {
      showExchange(outputOf(button), exchange);
      announceExchange(exchange);
    }
  } catch (failure) {
    showFailure(outputOf(button), String(failure));
    announceFailure(String(failure));
  } finally {
    setUnusable(button, false);
  }
}

/** Binds the rotation steps under `root`; returns a function that re-reads which steps are possible. */
export function bindKeyRotation(root: HTMLElement, host: RotationHost): () => void {
  const find = <T extends Element>(name: string) => markedElement<T>(root, `rotate-${name}`, 'the key rotation section');
  const elements: RotationElements = {
    create: find('create'),
    list: find('list'),
    remove: find('delete'),
    checkOld: find('check-old'),
    checkNew: find('check-new'),
    keys: find('keys'),
  };
  const refresh = () => {
    const { current, previous } = host.keys();
    setUnusable(elements.create, !current);
    for (const button of [elements.list, elements.remove, elements.checkOld]) setUnusable(button, !previous);
    setUnusable(elements.checkNew, !current);
    replaceChildren(
      elements.keys,
      h('dt', {}, 'Old DSN'),
      h('dd', {}, identifierCode(previous?.sentry_dsn ?? '— (create a new key first)', { 'data-old-dsn': true })),
      h('dt', {}, 'New DSN'),
      h('dd', {}, identifierCode(previous ? (current?.sentry_dsn ?? '—') : '—', { 'data-new-dsn': true })),
    );
  };
  const check = (which: 'previous' | 'current') => async () => {
    const key = host.keys()[which];
    if (!key) return undefined;
    const label = which === 'previous' ? 'old' : 'new';
    const request = messageEnvelope(key.sentry_dsn, `Rotation check: sent with the ${label} key`, eventId(), Date.now());
    return callApi({ method: 'POST', path: request.url, headers: request.headers, body: request.body });
  };

  elements.create.addEventListener('click', () =>
    run(elements.create, async () => {
      const exchange = await createKey();
      if (exchange.response.status === 201 && isClientKey(exchange.json)) {
        const { current } = host.keys();
        await host.rotated({ current: exchange.json, ...(current ? { previous: current } : {}) });
        refresh();
      }
      return exchange;
    }),
  );
  elements.list.addEventListener('click', () => run(elements.list, listKeys));
  elements.remove.addEventListener('click', () =>
    run(elements.remove, async () => {
      const { previous } = host.keys();
      return previous ? deleteKey(previous.id) : undefined;
    }),
  );
  elements.checkOld.addEventListener('click', () => run(elements.checkOld, check('previous')));
  elements.checkNew.addEventListener('click', () => run(elements.checkNew, check('current')));
  refresh();
  return refresh;
}
