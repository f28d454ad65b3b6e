import type { AstroPrerenderer } from 'astro';
import { describe, expect, it } from 'vitest';
import { offeringPrerenderer, writtenPagePath } from '../../src/site/integrations/pagefind.ts';

describe('writtenPagePath', () => {
  it('names the file Astro writes a page to with the directory format', () => {
    expect(writtenPagePath('https://sunset.example.com/')).toBe('index.html');
    expect(writtenPagePath('https://sunset.example.com/releases/17.0/')).toBe('releases/17.0/index.html');
    expect(writtenPagePath('https://sunset.example.com/releases/17.0')).toBe('releases/17.0/index.html');
    expect(writtenPagePath('https://sunset.example.com/404/')).toBe('404.html');
    expect(writtenPagePath('https://sunset.example.com/500')).toBe('500.html');
    // Only the status pages themselves: a page below one, or one whose name starts alike, has its own folder.
    expect(writtenPagePath('https://sunset.example.com/404/more/')).toBe('404/more/index.html');
    expect(writtenPagePath('https://sunset.example.com/4040/')).toBe('4040/index.html');
    // Written under the decoded name, as Astro writes it.
    expect(writtenPagePath('https://sunset.example.com/register/caf%C3%A9/')).toBe('register/café/index.html');
  });
});

describe('offeringPrerenderer', () => {
  const route = (type: 'page' | 'endpoint') => ({ routeData: { type } }) as Parameters<AstroPrerenderer['render']>[1];
  type Rendered = Awaited<ReturnType<AstroPrerenderer['render']>>;
  const base = (answer: () => Rendered): AstroPrerenderer => ({
    name: 'astro:default',
    getStaticPaths: async () => [],
    render: async () => answer(),
  });
  const html = (body: string, status = 200) =>
    new Response(body, { status, headers: { 'content-type': 'text/html', 'x-kept': 'yes' } });
  const request = new Request('https://sunset.example.com/limits/');

  it('offers each HTML page with the file it is written to, and gives Astro the same answer', async () => {
    const offered: [string, string][] = [];
    const prerenderer = offeringPrerenderer(
      base(() => html('<main>limits</main>')),
      (sourcePath, bytes) => void offered.push([sourcePath, new TextDecoder().decode(bytes)]),
    );
    expect(prerenderer.name).toBe('astro:default+sunset:search-index');
    const answer = (await prerenderer.render(request, route('page'))) as Response;
    expect(offered).toEqual([['limits/index.html', '<main>limits</main>']]);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-kept')).toBe('yes');
    expect(await answer.text()).toBe('<main>limits</main>');
  });

  it('offers a page rendered with a status of its own (the 404 page), and keeps the metadata of a result', async () => {
    const offered: string[] = [];
    const metadata = { contentEntryKeys: ['a'] } as unknown as Exclude<Rendered, Response>['metadata'];
    const prerenderer = offeringPrerenderer(
      base(() => ({ response: html('<main>not found</main>', 404), metadata })),
      (sourcePath) => void offered.push(sourcePath),
    );
    const result = (await prerenderer.render(new Request('https://sunset.example.com/404/'), route('page'))) as {
      response: Response;
      metadata: object;
    };
    expect(offered).toEqual(['404.html']);
    expect(result.metadata).toBe(metadata);
    expect(result.response.status).toBe(404);
    expect(await result.response.text()).toBe('<main>not found</main>');
  });

  it('offers no redirect, endpoint, empty answer or answer of another type, and leaves each untouched', async () => {
    const answers: [Response, 'page' | 'endpoint'][] = [
      [new Response(null, { status: 301, headers: { location: '/elsewhere/', 'content-type': 'text/html' } }), 'page'],
      [html('<main>an endpoint</main>'), 'endpoint'],
      [new Response(null, { status: 200, headers: { 'content-type': 'text/html' } }), 'page'],
      [new Response('{"a":1}', { headers: { 'content-type': 'application/json' } }), 'page'],
    ];
    for (const [response, type] of answers) {
      const offered: string[] = [];
      const prerenderer = offeringPrerenderer(
        base(() => response),
        (sourcePath) => void offered.push(sourcePath),
      );
      expect(await prerenderer.render(request, route(type))).toBe(response);
      expect(offered).toEqual([]);
    }
  });
});
