import { utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE_PATH, bundleIsFresh, readBundle, writeBundle } from '../../src/check/register-bundle.ts';
import { loadCliRegister } from '../../src/check/register-source.ts';
import { readContent } from '../../src/register/index.ts';
import { tempTree } from './scan/temp-tree.ts';

describe('register bundle', () => {
  it('round-trips validated data and is used only while no content file is newer', async () => {
    const { data } = await readContent(path.resolve(import.meta.dirname, '../../content'));
    const root = tempTree({ 'content/areas.yaml': '[]\n' });
    const file = path.join(root, BUNDLE_PATH);
    await writeBundle(file, data);
    const read = await readBundle(file);
    expect(read?.entries.length).toBe(data.entries.length);
    expect(read?.sources.get(`entry:${data.entries[0]?.id}`)).toBe(data.sources.get(`entry:${data.entries[0]?.id}`));

    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(root, 'content/areas.yaml'), past, past);
    expect(bundleIsFresh(file, path.join(root, 'content'))).toBe(true);
    expect((await loadCliRegister(root)).source).toBe('bundle');

    const future = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'content/areas.yaml'), future, future);
    expect(bundleIsFresh(file, path.join(root, 'content'))).toBe(false);
  });

  it('ignores a missing bundle or one of another format', async () => {
    const root = tempTree({ 'bundle.json': '{"format": 0}' });
    expect(await readBundle(path.join(root, 'bundle.json'))).toBeUndefined();
    expect(await readBundle(path.join(root, 'missing.json'))).toBeUndefined();
  });
});
