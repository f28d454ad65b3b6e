/**
 * The error-tracking demo (/try/errors/): create a DSN through spec endpoint 2, start the real
 * `@sentry/browser` SDK with it, break the demo shop, and follow the error into the list, the details view
 * and an issue; then rotate the key and watch the old DSN get refused. The in-browser reference starts with
 * the page (this is a /try/ page); the SDK loads when the reader starts it.
 */
import { h } from '../../try/build-element.ts';
import { statusLine } from '../../try/http-exchange.ts';
import { showExchange, showFailure } from '../exchange-view.ts';
import { createKey, isClientKey, listKeys } from './demo-api.ts';
import { type DemoKeys, readDemoKeys, writeDemoKeys } from './demo-key.ts';
import { demoShop, isErrorTypeName } from './demo-shop.ts';
import { showErrorDetails } from './error-details-view.ts';
import { bindErrorsList } from './errors-list-view.ts';
import { bindKeyRotation } from './key-rotation-view.ts';
import { type Delivery, sdkStarted, sdkVersion, sendMessage, setSdkUser, startSdk } from './sentry-sdk.ts';

function part<T extends Element>(root: ParentNode, name: string): T {
  const element = root.querySelector<T>(`[data-${name}]`);
  if (!element) throw new Error(`the error demo has no [data-${name}] element`);
  return element;
}

/** Wires the demo under `root` and starts the in-browser reference. */
export async function startErrorDemo(root: HTMLElement): Promise<void> {
  const status = part<HTMLElement>(root, 'demo-status');
  const dsn = part<HTMLElement>(root, 'dsn');
  const createButton = part<HTMLButtonElement>(root, 'create-key');
  const startButton = part<HTMLButtonElement>(root, 'start-sdk');
  const throwButton = part<HTMLButtonElement>(root, 'throw');
  const messageButton = part<HTMLButtonElement>(root, 'send-message');
  const user = part<HTMLInputElement>(root, 'user');
  const release = part<HTMLInputElement>(root, 'release');
  const errorType = part<HTMLSelectElement>(root, 'error-type');
  const message = part<HTMLInputElement>(root, 'message');
  const log = part<HTMLOListElement>(root, 'sdk-log');
  const details = part<HTMLElement>(root, 'error-details');
  const detailsExchange = part<HTMLElement>(root, 'details-exchange');

  let keys: DemoKeys = {};
  const showKeys = () => {
    dsn.textContent = keys.current?.sentry_dsn ?? '— (create a key first)';
    startButton.disabled = !keys.current;
    throwButton.disabled = messageButton.disabled = !(keys.current && sdkStarted());
    rotation.refresh();
  };

  const openError = (id: number) => {
    void showErrorDetails(details, detailsExchange, id).then(() => details.scrollIntoView({ block: 'start' }));
  };
  const reloadList = bindErrorsList(
    {
      sort: part(root, 'errors-sort'),
      search: part(root, 'errors-search'),
      rows: part(root, 'errors-rows'),
      exchange: part(root, 'errors-exchange'),
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
    log.append(h('li', {}, `@sentry/browser ${sdkVersion() ?? ''} started with `, h('code', {}, keys.current.sentry_dsn)));
    showKeys();
  };

  const rotation = { refresh: () => {} };
  rotation.refresh = bindKeyRotation(part(root, 'rotation'), {
    keys: () => keys,
    async rotated(next) {
      keys = next;
      writeDemoKeys(keys);
      if (sdkStarted()) await start();
      showKeys();
    },
  });

  createButton.addEventListener('click', async () => {
    createButton.disabled = true;
    const output = part<HTMLElement>(root, 'key-exchange');
    try {
      const exchange = await createKey();
      showExchange(output, exchange);
      if (exchange.response.status === 201 && isClientKey(exchange.json)) {
        keys = { current: exchange.json };
        writeDemoKeys(keys);
        if (sdkStarted()) await start();
        showKeys();
      }
    } catch (failure) {
      showFailure(output, `The key could not be created: ${String(failure)}`);
    } finally {
      createButton.disabled = false;
    }
  });
  startButton.addEventListener('click', async () => {
    startButton.disabled = true;
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

  status.textContent = 'Starting the in-browser reference…';
  try {
    const { startBrowserReference } = await import('../../../reference/browser/start-browser-reference.ts');
    const runtime = await startBrowserReference();
    const restoreKeys = async () => {
      const answer = await listKeys();
      keys = readDemoKeys(Array.isArray(answer.json) ? answer.json.filter(isClientKey) : []);
      showKeys();
    };
    await restoreKeys();
    let pending: ReturnType<typeof setTimeout> | undefined;
    runtime.onChange(() => {
      clearTimeout(pending);
      pending = setTimeout(() => void Promise.all([reloadList(), restoreKeys()]), 50);
    });
    status.textContent = 'The in-browser reference is running: requests to /api/v4/… on this page are answered here.';
    root.dataset.ready = '';
    createButton.disabled = false;
    await reloadList();
  } catch (failure) {
    status.textContent = `The in-browser reference could not start: ${String(failure)}`;
    status.classList.add('problem');
  }
}
