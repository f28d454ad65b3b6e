import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegister } from '../../src/register/index.ts';
import { releasesIn } from './spec-text.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Sentences of a Markdown file (list items and paragraphs flattened), for checking what they state. */
function sentences(file: string): string[] {
  return readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\n\s*/g, ' ')
    .split(/(?<=\.)\s+(?=[A-Z`-])/);
}

describe('what the docs say about the content files', () => {
  it('dates the registration-token 410 in content/errors.yaml as the error condition does', async () => {
    const register = await loadRegister();
    const condition = register.errors.find((error) => error.id === 'runner-registration-token-gone');
    const said = sentences('docs/versioned-behaviour.md').filter((sentence) => sentence.includes('`content/errors.yaml`'));
    expect(said.length).toBeGreaterThan(0);
    for (const sentence of said) expect(releasesIn(sentence), sentence).toEqual([condition?.since]);
  });
});
