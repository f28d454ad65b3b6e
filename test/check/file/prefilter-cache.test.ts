import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { buildTable, createPrefilter } from '../../../src/check/file/prefilter.ts';
import { anchorList, cachedTable, KEPT_TABLES, TABLE_FORMAT } from '../../../src/check/file/prefilter-cache.ts';

const ANCHORS = ['CI_JOB_JWT', 'gitlab-runner', 'registration_token', 'CI_JOB_JWT', '', 'runners.tags'];
const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'sunset-prefilter-cache-'));
const kept = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('sunset-prefilter-'));
/** A kept file as the cache writes one: the checksum of the serialized table, then the table. */
const keptBytes = (table: unknown) => {
  const body = serialize(table);
  return Buffer.concat([createHash('sha256').update(body).digest(), body]);
};

describe('cachedTable', () => {
  it('builds the table of the anchors each once, none empty, sorted, when there is no directory', () => {
    expect(anchorList(ANCHORS)).toEqual(['CI_JOB_JWT', 'gitlab-runner', 'registration_token', 'runners.tags']);
    expect(cachedTable(ANCHORS, '')).toEqual(buildTable(anchorList(ANCHORS)));
  });

  it('keeps the table it built, then reads it back instead of building it again', () => {
    const dir = tempDir();
    const built = cachedTable(ANCHORS, dir);
    expect(built).toEqual(buildTable(anchorList(ANCHORS)));
    const [file] = kept(dir);
    expect(file).toMatch(new RegExp(`^sunset-prefilter-${TABLE_FORMAT}-[0-9a-f]{32}\\.bin$`));
    // A kept table whose checksum holds is taken as it is: one told apart from a built one shows it was read.
    const marked = { ...built, transitions: built.transitions.map((entry, index) => (index === 0 ? 12345 : entry)) };
    writeFileSync(path.join(dir, file as string), keptBytes(marked));
    expect(cachedTable(ANCHORS, dir).transitions[0]).toBe(12345);
    // Other anchors are another file.
    cachedTable(['CI_JOB_JWT'], dir);
    expect(kept(dir)).toHaveLength(2);
  });

  it('builds again over a damaged file, a file of other anchors and one that is not a table, and mends the file', () => {
    const dir = tempDir();
    const built = cachedTable(ANCHORS, dir);
    const file = path.join(dir, kept(dir)[0] as string);
    const good = readFileSync(file);
    const damaged = Buffer.from(good);
    damaged[damaged.length - 5] = (damaged[damaged.length - 5] as number) ^ 0xff;
    const others = keptBytes(buildTable(['CI_JOB_JWT']));
    for (const bytes of [damaged, good.subarray(0, 100), others, keptBytes({ anchors: anchorList(ANCHORS) }), Buffer.from('x')]) {
      writeFileSync(file, bytes);
      expect(cachedTable(ANCHORS, dir)).toEqual(built);
      expect(readFileSync(file).equals(good)).toBe(true);
    }
  });

  it('keeps the newest tables only', () => {
    const dir = tempDir();
    for (let index = 0; index < KEPT_TABLES + 3; index++) {
      cachedTable([`ANCHOR_${index}`], dir);
      // Written a second apart, as runs over days are: the oldest go.
      const name = kept(dir).find((each) => readFileSync(path.join(dir, each)).includes(`ANCHOR_${index}`)) as string;
      utimesSync(path.join(dir, name), 1_000_000 + index, 1_000_000 + index);
    }
    cachedTable(['LAST'], dir);
    const left = kept(dir).map((name) => readFileSync(path.join(dir, name)).toString('latin1'));
    expect(left).toHaveLength(KEPT_TABLES);
    expect(left.some((text) => text.includes('LAST'))).toBe(true);
    expect(left.some((text) => text.includes('ANCHOR_0'))).toBe(false);
  });

  it('keeps nothing when the compile cache is turned off, and uses the directory NODE_COMPILE_CACHE names', () => {
    const dir = tempDir();
    const before = { ...process.env };
    try {
      process.env.NODE_COMPILE_CACHE = dir;
      process.env.NODE_DISABLE_COMPILE_CACHE = '1';
      cachedTable(ANCHORS);
      expect(kept(dir)).toEqual([]);
      delete process.env.NODE_DISABLE_COMPILE_CACHE;
      cachedTable(ANCHORS);
      expect(kept(dir)).toHaveLength(1);
    } finally {
      process.env.NODE_COMPILE_CACHE = before.NODE_COMPILE_CACHE;
      if (before.NODE_COMPILE_CACHE === undefined) delete process.env.NODE_COMPILE_CACHE;
      if (before.NODE_DISABLE_COMPILE_CACHE === undefined) delete process.env.NODE_DISABLE_COMPILE_CACHE;
      else process.env.NODE_DISABLE_COMPILE_CACHE = before.NODE_DISABLE_COMPILE_CACHE;
    }
  });

  it('still answers where nothing can be kept', () => {
    const file = path.join(tempDir(), 'a-file');
    writeFileSync(file, '');
    expect(cachedTable(ANCHORS, file)).toEqual(buildTable(anchorList(ANCHORS)));
    expect(cachedTable(ANCHORS, path.join(file, 'missing'))).toEqual(buildTable(anchorList(ANCHORS)));
  });

  it('finds what a table built afresh finds', () => {
    const dir = tempDir();
    cachedTable(ANCHORS, dir);
    const read = createPrefilter(ANCHORS, cachedTable(ANCHORS, dir));
    const text = Buffer.from('before_script:\n  - gitlab-runner register --registration_token x\n');
    expect([...read.anchorsIn(text)].sort()).toEqual(['gitlab-runner', 'registration_token']);
    expect(read.hits(Buffer.from('echo $CI_JOB_JWT_V2'))).toBe(true);
    expect(read.hits(Buffer.from('echo nothing'))).toBe(false);
  });

  it(`is told when buildTable builds another table: then TABLE_FORMAT (${TABLE_FORMAT}) must be raised`, () => {
    // Kept tables of an older layout would be read as they are: a changed table needs a new format number.
    const table = buildTable(anchorList(['CI_JOB_JWT', 'CI_JOB_JWT_V2', 'gitlab-runner', 'register', 'ünïcode']));
    const content = JSON.stringify([table.anchors, [...table.classes], [...table.transitions], table.outputs]);
    const fingerprint = createHash('sha256').update(content).digest('hex').slice(0, 16);
    expect({ format: TABLE_FORMAT, fingerprint }).toEqual({ format: 1, fingerprint: FINGERPRINT });
  });
});

/** The fingerprint of format 1's table for the anchors above. */
const FINGERPRINT = '719f2faf11a31e1d';
