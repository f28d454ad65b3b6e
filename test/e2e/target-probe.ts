import type { Page } from 'playwright-core';

/**
 * Links and controls on the page that fail WCAG 2.2's target size (minimum), as `tag "text" W×H`: smaller
 * than 24 × 24 px and too close to another target. As WCAG has it, an undersized target passes when a
 * 24 px circle on its centre meets no other target and no other undersized target's circle (a list of
 * links a line apart), and a link inside a sentence passes, its size being the line's. A box or radio
 * button in a label is measured by its label, the target a reader presses.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]',
    );
    const targets: { element: HTMLElement; box: DOMRect; small: boolean }[] = [];
    for (const element of found) {
      if (element.closest('[hidden], .visually-hidden, [aria-hidden="true"]')) continue;
      let box = element.getBoundingClientRect();
      // Not drawn, or off the screen until focused (the skip link).
      if (box.width === 0 || box.height === 0 || box.right <= 0 || box.left >= width) continue;
      if (element.matches('input[type="checkbox"], input[type="radio"]')) {
        const label = element.closest('label') ?? (element.id ? document.querySelector(`label[for="${element.id}"]`) : null);
        if (label) box = label.getBoundingClientRect();
      }
      let small = box.width < 23.5 || box.height < 23.5;
      if (small && element.tagName === 'A' && getComputedStyle(element).display === 'inline') {
        // In a sentence: its parent holds words of its own besides the links.
        const words = [...(element.parentElement?.childNodes ?? [])].some(
          (node) => node.nodeType === Node.TEXT_NODE && /[A-Za-z0-9]/.test(node.textContent ?? ''),
        );
        if (words) small = false;
      }
      targets.push({ element, box, small });
    }
    const centre = (box: DOMRect) => [box.left + box.width / 2, box.top + box.height / 2] as const;
    const problems: string[] = [];
    for (const target of targets) {
      if (!target.small) continue;
      const [x, y] = centre(target.box);
      const crowded = targets.some((other) => {
        if (other === target || other.element.contains(target.element) || target.element.contains(other.element)) return false;
        if (other.small) {
          const [ox, oy] = centre(other.box);
          return Math.hypot(ox - x, oy - y) < 23.5;
        }
        const dx = Math.max(other.box.left - x, 0, x - other.box.right);
        const dy = Math.max(other.box.top - y, 0, y - other.box.bottom);
        return Math.hypot(dx, dy) < 11.75;
      });
      if (!crowded) continue;
      const text = (target.element.getAttribute('aria-label') ?? target.element.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 30);
      problems.push(
        `${target.element.tagName.toLowerCase()} "${text}" is ${Math.round(target.box.width)}×${Math.round(target.box.height)} px, close to another target`,
      );
    }
    return problems;
  });
}
