import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContent } from '../../src/register/index.ts';
import { contentDir } from '../../src/site/content-dir.ts';
import { chromiumForFile, openPage, SCREENSHOTS_DIR, scriptErrors } from './browser.ts';

const chromium = chromiumForFile();

describe('before and after on an entry page', () => {
  it('shows the rule’s own example as "before" and the fixed file as "after" for a rename', async () => {
    const { data } = await readContent(contentDir());
    const entry = data.entries.find((candidate) => candidate.id === 'graphql-take-ownership-pipeline-schedule-renamed');
    const rule = entry?.detect[0];
    expect(rule?.kind).toBe('graphql');
    const page = await openPage(chromium.browser, `/register/${entry?.id}/`);
    const section = page.locator('section.before-after');
    const blocks = await section.locator('pre').allTextContents();
    expect(blocks).toHaveLength(2);
    expect(blocks[0]?.trim()).toBe(rule?.example.text.trim());
    expect(blocks[0]).toContain('takeOwnershipPipelineSchedule');
    // The fixed query asks for the new field, aliased to the old name so code reading the answer keeps working.
    expect(blocks[1]).toContain('takeOwnershipPipelineSchedule: adminPipelineSchedule');
    expect(blocks[1]?.match(/takeOwnershipPipelineSchedule/g)).toHaveLength(1);
    expect(await section.locator('p strong').allTextContents()).toEqual(['Before', 'After']);
    expect(scriptErrors(page)).toEqual([]);
    await mkdir(SCREENSHOTS_DIR, { recursive: true });
    await section.screenshot({ path: path.join(SCREENSHOTS_DIR, 'entry-before-after.png') });
    await page.context().close();
  });

  it('shows only "before", saying there is no mechanical fix, where a rule has no fix', async () => {
    const page = await openPage(chromium.browser, '/register/ci-job-jwt-removed/');
    const section = page.locator('section.before-after');
    expect(await section.locator('pre').count()).toBeGreaterThan(0);
    expect(await section.textContent()).toContain('no mechanical fix');
    expect(await section.locator('p strong').allTextContents()).not.toContain('After');
    await page.context().close();
  });
});
