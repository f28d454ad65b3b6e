import { describe, expect, it } from 'vitest';
import { childProcessesOf } from '../../src/site/integrations/child-processes.ts';
import { checked, openIndex, PagefindErrors } from '../../src/site/integrations/pagefind-index.ts';

describe('openIndex', () => {
  it("starts Pagefind's process with an index, and close ends it and waits until it has gone", async () => {
    const before = await childProcessesOf('pagefind');
    const { index, close } = await openIndex();
    const running = [...(await childProcessesOf('pagefind'))].filter((pid) => !before.has(pid));
    expect(running).toHaveLength(1);
    checked(
      await index.addHTMLFile({ sourcePath: 'a/index.html', content: '<html lang="en"><body><main>a</main></body></html>' }),
    );
    await close();
    const after = await childProcessesOf('pagefind');
    expect(running.filter((pid) => after.has(pid))).toEqual([]);
  }, 30_000);
});

describe('checked', () => {
  it("passes an answer without errors and throws Pagefind's errors, all of them", () => {
    expect(checked({ errors: [], page_count: 2 })).toEqual({ errors: [], page_count: 2 });
    const thrown = (() => {
      try {
        checked({ errors: ['a', 'b'] });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(PagefindErrors);
    expect((thrown as PagefindErrors).errors).toEqual(['a', 'b']);
  });
});
