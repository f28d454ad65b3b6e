/**
 * Gives every code block of the page's text a Copy button. Blocks that scripts fill (console answers,
 * demo exchanges) are left alone: they carry their own controls, and are empty when the page loads.
 */
export function addCopyButtons(): void {
  for (const pre of document.querySelectorAll<HTMLPreElement>('main pre')) {
    if (pre.closest('[data-api-console], .try-demo, [data-no-copy]') || !pre.textContent?.trim()) continue;
    const wrapper = document.createElement('div');
    wrapper.className = 'code-block';
    pre.replaceWith(wrapper);
    wrapper.append(pre);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-code';
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy the code');
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(pre.textContent ?? '');
        button.textContent = 'Copied';
      } catch {
        // Clipboard refused (permissions, insecure origin): select the text so a keyboard copy works.
        const range = document.createRange();
        range.selectNodeContents(pre);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
        button.textContent = 'Selected';
      }
      setTimeout(() => {
        button.textContent = 'Copy';
      }, 2000);
    });
    wrapper.append(button);
  }
}
