import type { Page } from 'playwright-core';

/**
 * What is wrong with a page's layout at its current width: the page scrolling sideways, an element
 * reaching out of the box that holds it (a long identifier out of its card), a table cell narrower than its
 * longest word (which then breaks mid-word, "Typ|e"), or a visible chart's axis labels overlapping. Words are measured with the font of the element that holds them.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      problems.push(`the page scrolls sideways (${root.scrollWidth}px wide in ${root.clientWidth}px)`);
    }
    // Words are measured as the page draws them: in a no-wrap span placed where the text is.
    const ruler = document.createElement('span');
    ruler.style.whiteSpace = 'nowrap';
    ruler.style.position = 'absolute';
    ruler.style.visibility = 'hidden';
    for (const cell of document.querySelectorAll<HTMLTableCellElement>('main td, main th')) {
      // Not shown (folded details, hidden panels), or visually hidden (the headings of a stacked table).
      const head = cell.closest('thead');
      if (cell.getClientRects().length === 0 || (head && head.getBoundingClientRect().width <= 1)) continue;
      const style = getComputedStyle(cell);
      const room = cell.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      let tooNarrow: string | undefined;
      for (let node = walker.nextNode(); node && !tooNarrow; node = walker.nextNode()) {
        const holder = node.parentElement;
        if (!holder || holder.getClientRects().length === 0) continue;
        const holderStyle = getComputedStyle(holder);
        // Inline code has its own side padding, drawn inside the cell too.
        const extra =
          holder === cell ? 0 : Number.parseFloat(holderStyle.paddingLeft) + Number.parseFloat(holderStyle.paddingRight);
        // A line may break after a hyphen in prose ("Self-|managed"), and an identifier after `_`, `/`, `.` or
        // `-`, or between the words of a camel-case name of more than 24 letters (where the site writes
        // <wbr>): none is a word cut in two.
        const inCode = holder.closest('code') !== null;
        const words = (node.textContent ?? '')
          .split(/\s+/)
          .flatMap((word) => word.split(inCode ? /(?<=[_/.-])/ : /(?<=-)/))
          .flatMap((word) => (inCode && word.length > 24 ? word.split(/(?<=[a-z])(?=[A-Z])/) : [word]));
        holder.append(ruler);
        for (const word of words) {
          if (!word) continue;
          ruler.textContent = word;
          const width = ruler.getBoundingClientRect().width + extra;
          if (width > room + 1) {
            tooNarrow = `cell "${(cell.textContent ?? '').trim().slice(0, 40)}" is ${Math.round(room)}px, narrower than "${word}" (${Math.round(width)}px)`;
            break;
          }
        }
        ruler.remove();
      }
      if (tooNarrow) problems.push(tooNarrow);
    }
    // A box that a child reaches out of (a long identifier in a card): the child's edge is past the box's border.
    // Boxes that scroll or clip their content, and children taken out of the flow, are left out.
    for (const child of document.querySelectorAll<HTMLElement>('main *')) {
      const parent = child.parentElement;
      if (!parent || child.getClientRects().length === 0) continue;
      const style = getComputedStyle(child);
      if (style.position === 'absolute' || style.position === 'fixed' || style.display === 'contents') continue;
      // Code in a block wraps by itself; what reaches past its edge there is hanging white space, not ink.
      if (child.closest('.visually-hidden, svg, pre')) continue;
      const parentStyle = getComputedStyle(parent);
      if (parentStyle.display === 'inline' || parentStyle.display === 'contents') continue;
      let clipped = false;
      for (let box: HTMLElement | null = parent; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') {
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      const inner = parent.getBoundingClientRect().right - Number.parseFloat(parentStyle.borderRightWidth);
      const over = child.getBoundingClientRect().right - inner;
      if (over > 0.5) {
        const name = (child.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        problems.push(
          `"${name}" (${child.tagName.toLowerCase()}) reaches ${Math.ceil(over)}px out of its ${parent.tagName.toLowerCase()}.${[...parent.classList].join('.')}`,
        );
      }
    }
    for (const chart of document.querySelectorAll('.chart svg')) {
      const labels = [...chart.querySelectorAll('text')]
        .map((text) => text.getBoundingClientRect())
        .filter((box) => box.width > 0);
      for (let i = 0; i < labels.length; i++) {
        for (let j = i + 1; j < labels.length; j++) {
          const a = labels[i] as DOMRect;
          const b = labels[j] as DOMRect;
          const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const vertical = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (overlap > 1 && vertical > 1) problems.push(`chart labels overlap at x=${Math.round(a.left)}`);
        }
      }
    }
    return [...new Set(problems)];
  });
}
