import type { Page } from 'playwright-core';

/**
 * What is wrong with how a page renders its content, as the reader sees it at the current width: Markdown
 * shown raw (a backtick outside code, in the page or its title), a table wider than the box that holds it,
 * an identifier broken between two letters or digits (only a break after `_`, `/`, `.`, `-` or a space is
 * allowed), internal wording ("the spec") reaching the reader, a live region holding more than a short
 * summary, and one link text leading to different pages.
 */
export function contentProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const shown = (element: Element) => element.getClientRects().length > 0;
    const excerpt = (text: string, at: number) => text.slice(Math.max(0, at - 30), at + 30).replace(/\s+/g, ' ');

    if (document.title.includes('`')) problems.push(`raw backtick in the title "${document.title}"`);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const holder = node.parentElement;
      if (!text.includes('`') || !holder) continue;
      // Code, and text shown as it was received (an error's own message), keep their backticks.
      if (holder.closest('code, pre, textarea, script, style, kbd, samp, template, [data-console-data], [data-verbatim]'))
        continue;
      problems.push(`raw backtick outside code: "${excerpt(text, text.indexOf('`'))}"`);
    }

    for (const table of document.querySelectorAll<HTMLTableElement>('main table')) {
      if (!shown(table)) continue;
      const container = table.parentElement as HTMLElement;
      const width = table.getBoundingClientRect().width;
      if (width > container.clientWidth + 1) {
        const caption = (table.caption?.textContent ?? table.rows[0]?.textContent ?? '').trim().slice(0, 40);
        problems.push(`table "${caption}" is ${Math.round(width)}px wide in a ${container.clientWidth}px box`);
      }
    }

    // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, which textContent is not (hidden parts)
    const visible = document.querySelector('main')?.innerText ?? '';
    const spec = /\b(the spec|spec['’]s|spec endpoints?)\b/i.exec(visible);
    if (spec) problems.push(`internal wording "${spec[0]}": "${excerpt(visible, spec.index)}"`);

    for (const code of document.querySelectorAll<HTMLElement>('main code')) {
      if (code.closest('pre') || code.getClientRects().length < 2) continue;
      const range = document.createRange();
      // Each drawn character with its line; a space (drawn or collapsed at a line's end) is a break point.
      const chars: { char: string; top: number; afterSpace: boolean }[] = [];
      let space = false;
      const texts = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        const value = text.textContent ?? '';
        for (let index = 0; index < value.length; index++) {
          const char = value[index] as string;
          if (/\s/.test(char)) {
            space = true;
            continue;
          }
          range.setStart(text, index);
          range.setEnd(text, index + 1);
          const box = range.getBoundingClientRect();
          if (box.width > 0) chars.push({ char, top: box.top, afterSpace: space });
          space = false;
        }
      }
      for (let index = 1; index < chars.length; index++) {
        const before = chars[index - 1] as { char: string; top: number };
        const after = chars[index] as { char: string; top: number; afterSpace: boolean };
        const between = /[\p{L}\p{N}]/u;
        // A camel-case name of more than 24 letters may break between its words (identifier-parts.ts).
        const camel = (code.textContent ?? '').length > 24 && /[a-z]/.test(before.char) && /[A-Z]/.test(after.char);
        if (after.top > before.top + 2 && !after.afterSpace && !camel && between.test(before.char) && between.test(after.char)) {
          problems.push(`"${code.textContent}" breaks between "${before.char}" and "${after.char}"`);
          break;
        }
      }
    }

    // A live region is read out whole when it changes: it must hold a short summary, not a list or a grid.
    for (const region of document.querySelectorAll<HTMLElement>('[aria-live], [role="status"], [role="alert"], [role="log"]')) {
      const said = (region.getAttribute('role') === 'log' ? region.lastElementChild : region)?.textContent?.trim() ?? '';
      if (said.length > 300) problems.push(`live region says ${said.length} characters: "${said.slice(0, 60)}…"`);
      if (region.querySelector('li, table, section')) {
        if (region.getAttribute('role') !== 'log')
          problems.push(`live region holds a list, table or section: "${said.slice(0, 60)}"`);
      }
    }

    const targets = new Map<string, Set<string>>();
    for (const link of document.querySelectorAll<HTMLAnchorElement>('main a[href]')) {
      if (!shown(link)) continue;
      const name = (link.getAttribute('aria-label') ?? link.textContent ?? '').replace(/\s+/g, ' ').trim();
      const href = new URL(link.href, location.href);
      const set = targets.get(name) ?? new Set();
      set.add(`${href.pathname}${href.search}${href.hash}`);
      targets.set(name, set);
    }
    for (const [name, hrefs] of targets) {
      if (name && hrefs.size > 1)
        problems.push(`link text "${name}" leads to ${hrefs.size} pages: ${[...hrefs].slice(0, 3).join(', ')}`);
    }
    return problems;
  });
}
