/**
 * Keeping the focus where the reader is when a control changes under it. A `disabled` or hidden element
 * loses the focus to `<body>`, so a keyboard or screen reader user is thrown back to the top of the page:
 * a focused control that must stop working is marked `aria-disabled` instead (it keeps the focus and is
 * announced as unavailable), and an element about to be hidden hands the focus on first.
 */

const GUARDED = 'data-guard-aria-disabled';

/** Presses on `aria-disabled` buttons do nothing, as presses on `disabled` ones would. */
function guardPresses(): void {
  if (document.documentElement.hasAttribute(GUARDED)) return;
  document.documentElement.setAttribute(GUARDED, '');
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('button[aria-disabled="true"]');
      if (!button) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    },
    true,
  );
}

/**
 * Makes `button` unusable or usable again. A button with the focus is marked `aria-disabled` rather than
 * `disabled`, so the focus stays on it; one without the focus is `disabled` as usual.
 */
export function setUnusable(button: HTMLButtonElement, unusable: boolean): void {
  if (!unusable) {
    button.disabled = false;
    button.removeAttribute('aria-disabled');
    return;
  }
  if (document.activeElement === button || button.getAttribute('aria-disabled') === 'true') {
    guardPresses();
    button.setAttribute('aria-disabled', 'true');
  } else button.disabled = true;
}

/** Whether a button is unusable, either way `setUnusable` marks it. */
export function isUnusable(button: HTMLButtonElement): boolean {
  return button.disabled || button.getAttribute('aria-disabled') === 'true';
}

/**
 * Before `element` is hidden: if the focus is inside it, moves the focus to the first of `successors`
 * that can take it (shown and usable); `tabindex="-1"` is given to one that is not focusable by default.
 */
export function handFocusOn(element: Element, ...successors: (HTMLElement | null | undefined)[]): void {
  if (!element.contains(document.activeElement)) return;
  for (const next of successors) {
    if (!next?.isConnected || next.closest('[hidden]') || next.getClientRects().length === 0) continue;
    if (next.tabIndex < 0 && !next.hasAttribute('tabindex')) next.setAttribute('tabindex', '-1');
    next.focus();
    if (document.activeElement === next) return;
  }
}
