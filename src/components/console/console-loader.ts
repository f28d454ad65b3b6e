/**
 * The only console code a page loads up front: it waits for the reader's first focus, press or submit inside
 * a console, then loads the console (and with it MSW) and hands over. A click that arrived while loading is
 * replayed once the console is bound; a submit sends right away.
 */
export function armConsoles(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-api-console]')) {
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
          const status = root.querySelector('[data-console-status]');
          if (status) status.textContent = `The console could not load: ${(error as Error).message}`;
        });
    };
    root.addEventListener('focusin', wake);
    root.addEventListener('pointerdown', wake);
    root.addEventListener('click', (event) => {
      const button = (event.target as HTMLElement).closest<HTMLElement>('button[data-copy]');
      if (state !== 'ready' && button) pending = button;
      wake();
    });
    root.addEventListener('submit', (event) => {
      if (state === 'ready') return;
      event.preventDefault();
      sendNow = true;
      wake();
    });
  }
}
