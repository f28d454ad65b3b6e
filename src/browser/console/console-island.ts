/**
 * The console's behaviour, loaded on first interaction: reads the form, checks the body against the
 * endpoint's schema, sends the request to the in-browser reference (started on first send) or to the
 * reader's instance, and shows status, headers, timing and the body. Everything that came from a response
 * is written with `textContent`, never as HTML.
 */
import type { ConsoleIslandData } from '../../site/console-data.ts';
import { buildConsoleRequest, type ConsoleRequest, missingPathParams, parseHeaderLines, withHeader } from './console-request.ts';
import { checkJsonText } from './json-schema-check.ts';
import { SNIPPETS, type SnippetKind } from './request-snippets.ts';
import { isSafeLink, parseLinkHeader, readableHeaderValue } from './response-headers.ts';
import { markSending } from './send-state.ts';

/** Where snippets of in-browser requests point: the same reference, run locally from the project. */
const LOCAL_REFERENCE = 'http://localhost:8787';
const RELEASE_HEADER = 'X-Platform-Release';

/** What the loader saw before the console was ready. */
export interface WakeContext {
  /** The reader submitted the form: send at once. */
  sendNow: boolean;
  /** A button pressed while loading, pressed again once bound. */
  click: HTMLElement | undefined;
}

/** Why the form does not make a request, and the name of the field to fix, if one is at fault. */
interface Refusal {
  problem: string;
  field?: string;
}

/**
 * Marks the field a refusal names `aria-invalid` and moves the focus to it, so the reader lands where the
 * fix is (the status says what is wrong); a field fixed since is unmarked.
 */
function markInvalid(form: HTMLFormElement, outcome: ConsoleRequest | Refusal): void {
  const faulty = 'problem' in outcome && outcome.field ? form.elements.namedItem(outcome.field) : null;
  for (const element of form.querySelectorAll('[aria-invalid="true"]')) {
    if (element !== faulty) element.removeAttribute('aria-invalid');
  }
  if (faulty instanceof HTMLInputElement || faulty instanceof HTMLTextAreaElement) {
    faulty.setAttribute('aria-invalid', 'true');
    faulty.focus();
  }
}

const SNIPPET_TITLES: Record<SnippetKind, string> = { curl: 'curl', fetch: 'JavaScript fetch', python: 'Python requests' };

/** Binds one console section. */
export function bindConsole(root: HTMLElement, wake: WakeContext): void {
  const data = JSON.parse(root.querySelector('[data-console-data]')?.textContent ?? '{}') as ConsoleIslandData;
  const form = root.querySelector('form') as HTMLFormElement;
  const field = <T extends Element>(selector: string) => root.querySelector<T & Element>(selector);
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null)?.value ?? '';
  const status = field<HTMLElement>('[data-console-status]') as HTMLElement;
  const problems = field<HTMLUListElement>('[data-body-problems]');
  const body = form.elements.namedItem('body') as HTMLTextAreaElement | null;

  const target = () => (value('target') === 'instance' || !data.served ? 'instance' : 'reference');
  const showTarget = () => {
    const instance = target() === 'instance';
    (field<HTMLElement>('[data-instance-fields]') as HTMLElement).hidden = !instance;
    (field<HTMLElement>('[data-reference-fields]') as HTMLElement).hidden = instance;
  };
  form.addEventListener('change', (event) => {
    const name = (event.target as HTMLInputElement).name;
    if (name === 'target') showTarget();
    if (name === 'example' && body) {
      body.value = data.body?.examples[Number(value('example'))]?.text ?? '';
      checkBody();
    }
  });

  const checkBody = () => {
    if (!problems || !body || !data.body?.json) return;
    const found = body.value.trim() === '' ? [] : checkJsonText(body.value, data.body.schema);
    // The count is said, not the list (which can be long): it is right under the body for whoever wants it.
    const count = field<HTMLElement>('[data-body-problem-count]');
    const said = found.length === 0 ? '' : `The body has ${found.length} problem${found.length === 1 ? '' : 's'}.`;
    if (count && count.textContent !== said) count.textContent = said;
    problems.replaceChildren(
      ...found.map((problem) => {
        const item = document.createElement('li');
        item.textContent = `${problem.path} ${problem.message}`;
        return item;
      }),
    );
  };
  let checking: ReturnType<typeof setTimeout> | undefined;
  body?.addEventListener('input', () => {
    clearTimeout(checking);
    checking = setTimeout(checkBody, 250);
  });
  checkBody();

  /** The request as the form describes it, or the reason it cannot be built and the field at fault. */
  const request = (forSnippet: boolean): ConsoleRequest | Refusal => {
    const parsed = parseHeaderLines(value('headers'));
    if (parsed.problems.length > 0) {
      return { problem: parsed.problems.map((problem) => `Headers, ${problem.message}`).join('; '), field: 'headers' };
    }
    let headers = parsed.headers;
    const instance = target() === 'instance';
    if (data.tokenAuth) headers = withHeader(headers, 'PRIVATE-TOKEN', instance ? value('instance-token') : value('token'));
    if (!instance) headers = withHeader(headers, RELEASE_HEADER, value('release'));
    const baseUrl = instance ? value('instance-url').trim() : forSnippet ? LOCAL_REFERENCE : location.origin;
    if (instance && !/^https?:\/\/[^/]/.test(baseUrl))
      return { problem: 'Give your instance’s base URL, such as https://platform.example.com', field: 'instance-url' };
    const pathParams = Object.fromEntries(data.pathParams.map((param) => [param.name, value(`path:${param.name}`)]));
    const input = {
      method: data.method,
      path: data.path,
      baseUrl,
      pathParams,
      query: data.query.map((param): [string, string] => [param.name, value(`query:${param.name}`)]),
      headers,
      ...(body ? { body: body.value } : {}),
    };
    const missing = missingPathParams(input);
    if (missing.length > 0 && !forSnippet) {
      return { problem: `Fill in the path parameter ${missing.join(', ')}`, field: `path:${missing[0]}` };
    }
    return buildConsoleRequest(input);
  };

  let sending = false;
  const send = async () => {
    if (sending) return;
    const built = request(false);
    markInvalid(form, built);
    if ('problem' in built) {
      markSending(root, false);
      status.textContent = built.problem;
      return;
    }
    sending = true;
    // Busy, not disabled: a disabled button would drop the focus to the page.
    markSending(root, true);
    try {
      if (target() === 'reference') {
        const { startBrowserReference } = await import('../../reference/browser/start-browser-reference.ts');
        await startBrowserReference();
      }
      const init: RequestInit = { method: built.method, headers: built.headers };
      if (built.body !== undefined) init.body = built.body;
      const started = performance.now();
      const response = await fetch(built.url, init);
      const text = await response.text();
      // The answer's status is said once, in the live status; the response below repeats it for the eye.
      status.textContent = showResponse(response, text, performance.now() - started);
    } catch (error) {
      status.textContent =
        target() === 'instance'
          ? `The request failed: ${(error as Error).message}. If your instance is reachable, it may not allow this site's origin (CORS).`
          : `The request failed: ${(error as Error).message}`;
    } finally {
      sending = false;
      markSending(root, false);
    }
  };

  /** Shows the answer and returns its one-line summary: status, time and who answered. */
  const showResponse = (response: Response, text: string, elapsed: number): string => {
    const output = field<HTMLElement>('[data-console-output]') as HTMLElement;
    const answeredBy =
      target() === 'reference' ? `in-browser reference, as ${value('release') || data.newestRelease}` : 'your instance';
    const statusLine = [response.status, response.statusText].filter(Boolean).join(' ');
    const summary = `${statusLine} · ${Math.round(elapsed)} ms · ${answeredBy}`;
    (field<HTMLElement>('[data-response-status]') as HTMLElement).textContent = summary;
    const list = field<HTMLElement>('[data-response-headers]') as HTMLElement;
    list.replaceChildren(
      ...[...response.headers].flatMap(([name, headerValue]) => {
        const term = document.createElement('dt');
        term.textContent = name;
        const definition = document.createElement('dd');
        definition.textContent = readableHeaderValue(name, headerValue);
        const links = name === 'link' ? parseLinkHeader(headerValue) : [];
        if (links.length > 0) {
          definition.replaceChildren(
            ...links.flatMap((link, index) => {
              const parts: (Node | string)[] = index > 0 ? [', '] : [];
              if (isSafeLink(link.url)) {
                const anchor = document.createElement('a');
                anchor.href = link.url;
                anchor.textContent = link.url;
                parts.push(anchor);
              } else parts.push(link.url);
              if (link.rel) parts.push(` (rel ${link.rel})`);
              return parts;
            }),
          );
        }
        return [term, definition];
      }),
    );
    (field<HTMLElement>('[data-response-body]') as HTMLElement).textContent = prettyBody(text);
    output.hidden = false;
    return summary;
  };

  const copy = async (kind: SnippetKind) => {
    const built = request(true);
    markInvalid(form, built);
    if ('problem' in built) {
      status.textContent = built.problem;
      return;
    }
    const snippet = SNIPPETS[kind](built);
    const box = field<HTMLElement>('[data-snippet-box]') as HTMLElement;
    (field<HTMLElement>('[data-snippet-title]') as HTMLElement).textContent = SNIPPET_TITLES[kind];
    (field<HTMLElement>('[data-snippet-note]') as HTMLElement).textContent =
      target() === 'reference'
        ? `Outside this page, a local copy of the reference implementation answers at ${LOCAL_REFERENCE} (see Try it).`
        : '';
    (field<HTMLElement>('[data-snippet]') as HTMLElement).textContent = snippet;
    box.hidden = false;
    try {
      await navigator.clipboard.writeText(snippet);
      status.textContent = `Copied the ${SNIPPET_TITLES[kind]} snippet.`;
    } catch {
      status.textContent = 'Select the snippet below to copy it (this browser did not allow copying).';
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });
  root.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>('button[data-copy]');
    if (button) void copy(button.dataset.copy as SnippetKind);
  });
  // An example picked while the console was loading: the body still holds the first one, so show the pick.
  const picked = Number(value('example') || '0');
  if (body && picked > 0 && body.value === data.body?.examples[0]?.text) {
    body.value = data.body?.examples[picked]?.text ?? body.value;
    checkBody();
  }
  showTarget();
  if (wake.sendNow) void send();
  else wake.click?.click();
}

/** JSON bodies pretty-printed; anything else as sent. */
function prettyBody(text: string): string {
  if (text === '') return '(empty body)';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
