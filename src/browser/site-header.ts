/**
 * The header on every page: the menu button that folds the navigation on phones, and the search box, whose
 * code and index load only once it is focused (before that it is a plain form that opens /search/).
 */
export function bindHeader(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-menu-button]');
  const menu = document.getElementById(button?.getAttribute('aria-controls') ?? '');
  if (button && menu) {
    button.addEventListener('click', () => {
      const open = button.getAttribute('aria-expanded') !== 'true';
      button.setAttribute('aria-expanded', String(open));
      menu.classList.toggle('open', open);
    });
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || button.getAttribute('aria-expanded') !== 'true') return;
      button.setAttribute('aria-expanded', 'false');
      menu.classList.remove('open');
      button.focus();
    });
  }
  const form = document.querySelector<HTMLFormElement>('[data-header-search]');
  const input = form?.querySelector<HTMLInputElement>('input[type="search"]');
  if (form && input) {
    input.addEventListener(
      'focus',
      () => {
        void import('./header-search.ts').then(({ bindHeaderSearch }) => bindHeaderSearch(form, input));
      },
      { once: true },
    );
  }
}
