import { h, replaceChildren } from '../try/build-element.ts';
import type { CheckedDefinition } from './editor-problems.ts';

/** A YAML textarea with a line-number gutter, checked as it is edited. */
export interface YamlEditor<T> {
  textarea: HTMLTextAreaElement;
  /** The last check of the text. */
  checked(): CheckedDefinition<T>;
  /** Puts the example back: the text the page was built with. */
  restore(): void;
}

/**
 * Binds an editor the page rendered: `[data-yaml-editor]` holding a `.editor-gutter`, a `textarea` and a
 * `.editor-problems` list. Each edit is checked with `check`; its messages go in the list (each a button that
 * moves the cursor to its line) and the lines they name are marked in the gutter. `onCheck` hears every result.
 */
export function bindYamlEditor<T>(
  root: HTMLElement,
  check: (text: string) => CheckedDefinition<T>,
  onCheck: (checked: CheckedDefinition<T>) => void,
): YamlEditor<T> {
  const textarea = root.querySelector('textarea');
  const gutter = root.querySelector<HTMLElement>('.editor-gutter');
  const list = root.querySelector<HTMLElement>('.editor-problems');
  if (!textarea || !gutter || !list)
    throw new Error('a YAML editor needs a textarea, a .editor-gutter and an .editor-problems list');
  const count = root.querySelector<HTMLElement>('[data-problem-count]');
  // Written read-only, so that without a script the definition is text to read, not a box that does nothing.
  textarea.readOnly = false;
  let last = check(textarea.value);

  const update = () => {
    last = check(textarea.value);
    const messages = last.ok ? [] : last.messages;
    const lines = textarea.value.split('\n').length;
    // The textarea grows with its text, so the gutter lines up without scrolling in step.
    textarea.rows = Math.max(lines + 1, 6);
    const marked = new Map<number, string[]>();
    for (const message of messages) {
      if (message.line !== undefined) marked.set(message.line, [...(marked.get(message.line) ?? []), message.text]);
    }
    replaceChildren(
      gutter,
      ...Array.from({ length: lines }, (_, index) => {
        const texts = marked.get(index + 1);
        return h(
          'span',
          { class: texts ? 'has-problem' : undefined, title: texts?.join('\n'), 'data-line': index + 1 },
          index + 1,
        );
      }),
    );
    replaceChildren(
      list,
      ...messages.map((message) =>
        h(
          'li',
          {},
          message.line === undefined
            ? message.text
            : h('button', { type: 'button', class: 'link-button', 'data-line': message.line }, message.text),
        ),
      ),
    );
    // A screen reader hears how many problems there are, not the list: it is one Tab away, by the text area.
    if (count) {
      const said = messages.length === 0 ? 'No problems.' : `${messages.length} problem${messages.length === 1 ? '' : 's'}.`;
      if (count.textContent !== said) count.textContent = said;
    }
    textarea.setAttribute('aria-invalid', String(!last.ok));
    root.dataset.valid = String(last.ok);
    onCheck(last);
  };

  list.addEventListener('click', (event) => {
    const line = Number((event.target as HTMLElement).closest<HTMLElement>('[data-line]')?.dataset.line);
    if (!Number.isInteger(line) || line < 1) return;
    const start = textarea.value
      .split('\n')
      .slice(0, line - 1)
      .reduce((sum, text) => sum + text.length + 1, 0);
    const end = textarea.value.indexOf('\n', start);
    textarea.focus();
    textarea.setSelectionRange(start, end < 0 ? textarea.value.length : end);
  });
  textarea.addEventListener('input', update);
  update();
  return {
    textarea,
    checked: () => last,
    restore() {
      textarea.value = textarea.defaultValue;
      update();
    },
  };
}
