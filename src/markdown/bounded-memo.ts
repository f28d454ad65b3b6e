/**
 * `render` remembered by its text: a site build renders the same titles, summaries and identifiers on many
 * pages (an entry's own page, its release, the upgrade pages, the feed, the register list), and each is a
 * pure function of its text. The memory is emptied once it holds `limit` texts, so a long `astro dev`
 * session or a very large register stays bounded.
 */
export function boundedMemo(render: (text: string) => string, limit = 50_000): (text: string) => string {
  const rendered = new Map<string, string>();
  return (text) => {
    let html = rendered.get(text);
    if (html === undefined) {
      html = render(text);
      if (rendered.size >= limit) rendered.clear();
      rendered.set(text, html);
    }
    return html;
  };
}
