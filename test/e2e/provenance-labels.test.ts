import { describe, expect, it } from 'vitest';
import { chromiumForFile, openPage } from './browser.ts';

const chromium = chromiumForFile();

/** The visible text of the first element matching a selector on a page of the built site. */
async function textOf(path: string, selector: string): Promise<string> {
  const page = await openPage(chromium.browser, path);
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, which textContent is not (hidden parts)
  const text = (await page.locator(selector).first().innerText()).replace(/\s+/g, ' ');
  await page.context().close();
  return text;
}

describe('what is ours is labelled on the page that shows it', () => {
  it("shows an entry's breaking reason as Sunset's reading, in words a reader knows", async () => {
    const facts = await textOf('/register/ci-job-jwt-removed/', 'dl.facts');
    expect(facts).toContain('Jobs that pass CI_JOB_JWT, CI_JOB_JWT_V1 or CI_JOB_JWT_V2 to a third party have no token to pass.');
    expect(facts).toContain("The platform's documentation does not say what breaks; this is Sunset's reading");
  });

  it('says when a change was announced, where the register knows it, on its page and in checklists', async () => {
    const facts = await textOf('/register/compliance-pipelines-removed/', 'dl.facts');
    expect(facts).toMatch(/Announced in \d+\.\d+/);
    expect(await textOf('/upgrade/17.0-to-18.0/', 'li[data-item="compliance-pipelines-removed"] .meta')).toMatch(
      /announced in \d+\.\d+/,
    );
  });

  it("shows both releases the platform's documentation gives, on the entry and on its error condition", async () => {
    expect(await textOf('/register/projects-api-ci-job-token-scope-enabled-removed/', 'main')).toContain(
      "The platform's documentation gives two releases",
    );
    const error = await textOf('/errors/runner-registration-token-gone/', 'main');
    expect(error).toContain("The platform's documentation gives two releases");
    expect(error).toContain('access-level');
  });

  it('labels enforcement values, reference parts of a schema and reference examples', async () => {
    const enforcement = await textOf('/register/rate-limits-on-by-default/', 'section[aria-labelledby="enforcement"]');
    expect(enforcement).toContain('60 requests per 60 seconds per client');
    expect(enforcement).toContain("reference's own shape");
    expect(await textOf('/api/product-analytics-load/', '.reference-parts')).toContain('query.filters[].operator');
    expect(await textOf('/guides/funnels/', '.example-title:has-text("A column chart of the funnel")')).toContain(
      "reference's own shape",
    );
  });

  it("shows the future REST API v5 and the separate registers the platform's documentation mentions", async () => {
    expect(await textOf('/api/', '.future-version')).toBe(
      "The platform's documentation mentions a future v5 of the REST API for runner status; when it comes, and how long v4 stays supported: not shown.",
    );
    expect(await textOf('/register/', '#separate-registers')).toContain('GraphQL API and REST API');
  });
});
