const STORAGE_KEY = 'sunset-theme';

function currentTheme(): 'dark' | 'light' {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'dark' || chosen === 'light') return chosen;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Shows the theme button and makes it switch between light and dark, remembering the choice. */
export function bindThemeToggle(button: HTMLButtonElement | null): void {
  if (!button) return;
  const show = () => {
    const dark = currentTheme() === 'dark';
    button.setAttribute('aria-pressed', String(dark));
  };
  button.hidden = false;
  show();
  button.addEventListener('click', () => {
    const next = currentTheme() === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage can be off (private windows); the choice then lasts for this page only.
    }
    show();
  });
}
