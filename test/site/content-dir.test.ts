import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentDir } from '../../src/site/content-dir.ts';

describe('contentDir', () => {
  it('reads SUNSET_CONTENT_DIR and falls back to content/ in the working directory', () => {
    expect(contentDir({ SUNSET_CONTENT_DIR: '/tmp/bench/content' })).toBe('/tmp/bench/content');
    expect(contentDir({ SUNSET_CONTENT_DIR: '' })).toBe(path.resolve('content'));
    expect(contentDir({})).toBe(path.resolve('content'));
  });
});
