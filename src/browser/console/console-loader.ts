import { markSending } from './send-state.ts';

/**
 * The only console code a page loads up front: it waits for the reader's first focus, press or submit inside
 * a console, then loads the console (and with it MSW) and hands over. A click that arrived while loading is
 * replayed once the console is bound; a submit says "Sending…" at once and sends as soon as it can.
 */
export function armConsoles(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-api-console]')) {
    prefillBody(root);
    rememberRelease(root);
    let state: 'idle' | 'loading' | 'ready' = 'idle';
    let pending: HTMLElement | undefined;
    let sendNow = false;
    const wake = () => {
      if (state !== 'idle') return;
      state = 'loading';
      import('./console-island.ts')
        .then(({ bindConsole }) => {
          bindConsole(root, { sendNow, click: pending });
          state = 'ready';
        })
        .catch((error: unknown) => {
          state = 'idle';
          markSending(root, false);
          const status = root.querySelector('[data-console-status]');
          if (status) status.textContent = `The console could not load: ${(error as Error).message}`;
        });
    };
    root.addEventListener('focusin', wake);
    // A pick made without focus (keyboard on a closed select, assistive tech) still wakes the console.
    root.addEventListener('change', wake);
    root.addEventListener('pointerdown', wake);
    root.addEventListener('click', (event) => {
      const button = (event.target as HTMLElement).closest<HTMLElement>('button[data-copy]');
      if (state !== 'ready' && button) pending = button;
      wake();
    });
    root.addEventListener('submit', (event) => {
      if (state === 'ready') return;
      event.preventDefault();
      // The console and MSW may take seconds on a slow connection: the reader hears and sees that the
      // request is on its way now, not when the code has arrived.
      if (!sendNow) markSending(root, true);
      sendNow = true;
      wake();
    });
  }
}

const RELEASE_KEY = 'sunset-console-release';

/** The release the reader last picked answers on every console page and across reloads. */
function rememberRelease(root: HTMLElement): void {
  const select = root.querySelector<HTMLSelectElement>('select[name="release"]');
  if (!select) return;
  try {
    const kept = localStorage.getItem(RELEASE_KEY);
    if (kept !== null && [...select.options].some((option) => option.value === kept)) select.value = kept;
  } catch {
    // Storage off: the newest release answers, as on a first visit.
  }
  select.addEventListener('change', () => {
    try {
      localStorage.setItem(RELEASE_KEY, select.value);
    } catch {
      // Storage off: the pick lasts for this page only.
    }
  });
}

/** A link may carry a request body to try, `?body=<JSON>` (the analytics demo links its queries this way). */
function prefillBody(root: HTMLElement): void {
  const text = new URLSearchParams(location.search).get('body');
  const body = root.querySelector<HTMLTextAreaElement>('textarea[name="body"]');
  if (text === null || !body) return;
  try {
    body.value = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    body.value = text;
  }
}
