/**
 * The error-tracking demo (/try/errors/): create a DSN through spec endpoint 2, start the real
 * `@sentry/browser` SDK with it, break the demo shop, and follow the error into the list, the details view
 * and an issue; then rotate the key and watch the old DSN get refused. The in-browser reference starts with
 * the page (this is a /try/ page); the SDK loads when the reader starts it.
 */

import { debounced, markedElement, startDemoReference } from '../demo-page.ts';
import { announceExchange, announceFailure, showExchange, showFailure } from '../exchange-view.ts';
import { setUnusable } from '../keep-focus.ts';
import { h, replaceChildren } from '../try/build-element.ts';
import { statusLine } from '../try/http-exchange.ts';
import { identifierCode } from '../try/identifier-code.ts';
import { createKey, isClientKey, listKeys } from './demo-api.ts';
import { type DemoKeys, readDemoKeys, writeDemoKeys } from './demo-key.ts';
import { demoShop, isErrorTypeName } from './demo-shop.ts';
import { showErrorDetails } from './error-details-view.ts';
import { bindErrorsList } from './errors-list-view.ts';
import { bindKeyRotation } from './key-rotation-view.ts';
import { type Delivery, sdkStarted, sdkVersion, sendMessage, setSdkUser, startSdk } from './sentry-sdk.ts';

/** Wires the demo under `root` and starts the in-browser reference. */
export async function startErrorDemo(root: HTMLElement): Promise<void> {
  const part = <T extends Element>(name: string) => markedElement<T>(root, name, 'the error demo');
  const status = part<HTMLElement>('demo-status');
  const dsn = part<HTMLElement>('dsn');
  const createButton = part<HTMLButtonElement>('create-key');
  const startButton = part<HTMLButtonElement>('start-sdk');
  const throwButton = part<HTMLButtonElement>('throw');
  const messageButton = part<HTMLButtonElement>('send-message');
  const user = part<HTMLInputElement>('user');
  const release = part<HTMLInputElement>('release');
  const errorType = part<HTMLSelectElement>('error-type');
  const message = part<HTMLInputElement>('message');
  const log = part<HTMLOListElement>('sdk-log');
  const details = part<HTMLElement>('error-details');
  const detailsExchange = part<HTMLElement>('details-exchange');

  let keys: DemoKeys = {};
  const showKeys = () => {
    replaceChildren(dsn, ...identifierCode(keys.current?.sentry_dsn ?? '— (create a key first)').childNodes);
    setUnusable(startButton, !keys.current);
    setUnusable(throwButton, !(keys.current && sdkStarted()));
    setUnusable(messageButton, !(keys.current && sdkStarted()));
    rotation.refresh();
  };

  const openError = (id: number) => {
    void showErrorDetails(details, detailsExchange, id).then(() => details.scrollIntoView({ block: 'start' }));
  };
  const reloadList = bindErrorsList(
    {
      sort: part('errors-sort'),
      search: part('errors-search'),
      rows: part('errors-rows'),
      exchange: part('errors-exchange'),
    },
    openError,
  );

  const delivered = (delivery: Delivery) => {
    const code = delivery.statusCode;
    const outcome = code === undefined ? 'failed before an answer' : statusLine({ status: code, statusText: '' });
    const key = delivery.dsn.slice(delivery.dsn.indexOf('//') + 2, delivery.dsn.indexOf('@'));
    log.append(
      h(
        'li',
        { 'data-delivery': code ?? 'failed' },
        `Event ${delivery.eventId.slice(0, 8)}… sent with key ${key.slice(0, 8)}…: `,
        h('strong', {}, outcome),
      ),
    );
    if (code !== undefined && code < 300) void reloadList();
  };
  const start = async () => {
    if (!keys.current) return;
    await startSdk({ dsn: keys.current.sentry_dsn, release: release.value.trim(), userId: user.value.trim() }, delivered);
    log.append(h('li', {}, `@sentry/browser ${sdkVersion() ?? ''} started with `, identifierCode(keys.current.sentry_dsn)));
    showKeys();
  };

  const rotation = { refresh: () => {} };
  rotation.refresh = bindKeyRotation(part('rotation'), {
    keys: () => keys,
    async rotated(next) {
      keys = next;
      writeDemoKeys(keys);
      if (sdkStarted()) await start();
      showKeys();
    },
  });

  createButton.addEventListener('click', async () => {
    setUnusable(createButton, true);
    const output = part<HTMLElement>('key-exchange');
    try {
      const exchange = await createKey();
      showExchange(output, exchange);
      announceExchange(exchange);
      if (exchange.response.status === 201 && isClientKey(exchange.json)) {
        keys = { current: exchange.json };
        writeDemoKeys(keys);
        if (sdkStarted()) await start();
        showKeys();
      }
    } catch (failure) {
      showFailure(output, `The key could not be created: ${String(failure)}`);
      announceFailure(`The key could not be created: ${String(failure)}`);
    } finally {
      setUnusable(createButton, false);
    }
  });
  startButton.addEventListener('click', async () => {
    setUnusable(startButton, true);
    try {
      await start();
    } catch (failure) {
      log.append(h('li', { class: 'problem' }, `The SDK could not start: ${String(failure)}`));
    }
    showKeys();
  });
  user.addEventListener('change', () => setSdkUser(user.value.trim()));
  // Thrown, not caught: the SDK's global error handler reports it, as it would in an application.
  throwButton.addEventListener('click', () => {
    const type = isErrorTypeName(errorType.value) ? errorType.value : 'Error';
    demoShop.checkout(type, message.value);
  });
  messageButton.addEventListener('click', () => sendMessage(message.value));

  await startDemoReference(
    root,
    status,
    'The in-browser reference is running: requests to /api/v4/… on this page are answered here.',
    async (runtime) => {
      const restoreKeys = async () => {
        const answer = await listKeys();
        keys = readDemoKeys(Array.isArray(answer.json) ? answer.json.filter(isClientKey) : []);
        showKeys();
      };
      await restoreKeys();
      runtime.onChange(debounced(() => Promise.all([reloadList(), restoreKeys()]), 50));
      setUnusable(createButton, false);
      await reloadList();
    },
  );
}
