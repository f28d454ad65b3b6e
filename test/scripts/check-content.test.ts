import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ContentCopy, copyContent } from '../register/content-copy.ts';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/check-content.ts');

/** Runs `npm run check:content`'s script on a directory; resolves with its exit code and output. */
async function checkContent(dir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, dir]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('check:content', () => {
  let copy: ContentCopy;
  beforeEach(async () => {
    copy = await copyContent();
  });
  afterEach(async () => {
    await copy.remove();
  });

  it('passes the repository content and says what it read', async () => {
    const result = await checkContent(copy.dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^content ok: \d+ register entries, \d+ endpoints/);
  });

  it('fails a broken entry with file, line and field, and no stack trace', async () => {
    await copy.edit('register/17.0/ci-job-jwt-removed.yaml', (text) => text.replace(/removed_in: "17\.0"/, 'removed_in: 17.10'));
    const result = await checkContent(copy.dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^content\/register\/17\.0\/ci-job-jwt-removed\.yaml:\d+:1 removed_in: release 17\.10 is a number: quote it/m,
    );
    expect(result.stderr).toMatch(/1 content problem/);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });
});
