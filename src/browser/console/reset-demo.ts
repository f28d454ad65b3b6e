import { setUnusable } from '../keep-focus.ts';

/** Binds every "Reset demo data" button; the in-browser reference loads only when one is pressed. */
export function armResetDemo(): void {
  for (const box of document.querySelectorAll<HTMLElement>('[data-reset-demo-box]')) box.hidden = false;
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-reset-demo]')) {
    const status = button.parentElement?.querySelector<HTMLElement>('[data-reset-demo-status]');
    button.addEventListener('click', async () => {
      setUnusable(button, true);
      if (status) status.textContent = 'Resetting…';
      try {
        const { startBrowserReference } = await import('../../reference/browser/start-browser-reference.ts');
        await (await startBrowserReference()).reset();
        if (status) status.textContent = 'Demo data reset: the sample data is back and your changes are gone.';
      } catch (error) {
        if (status) status.textContent = `Could not reset the demo data: ${(error as Error).message}`;
      } finally {
        setUnusable(button, false);
      }
    });
  }
}
