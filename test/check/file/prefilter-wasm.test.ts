import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesModule, compileWat } from '../../../scripts/wasm/compile-wat.ts';
import { WASM_MODULES } from '../../../scripts/wasm/modules.ts';
import { buildTable, createPrefilter } from '../../../src/check/file/prefilter.ts';
import { PROJECT_ROOT } from '../../../src/check/register-source.ts';
import { compileRule } from '../../../src/check/rules/compile-rule.ts';
import { activeRules } from '../../../src/findings/active-rules.ts';
import { loadRegister } from '../../../src/register/index.ts';

const bytes = (text: string) => Buffer.from(text);

/** What a search must find: every anchor whose bytes occur, by the plainest means. */
const naive = (anchors: readonly string[], text: Uint8Array) =>
  new Set(anchors.filter((anchor) => anchor.length > 0 && Buffer.from(text).includes(Buffer.from(anchor))));

/** Both loops over one table, so each answer can be compared. */
function both(anchors: readonly string[]) {
  const table = buildTable([...new Set(anchors)].filter((anchor) => anchor.length > 0).sort());
  return {
    wasm: createPrefilter([], structuredClone(table)),
    js: createPrefilter([], structuredClone(table), { loops: 'js' }),
  };
}

describe('the prefilter in WebAssembly', () => {
  it.each(WASM_MODULES)('carries the bytes that $source compiles to', async ({ source, output, constant }) => {
    const compiled = await compileWat(path.basename(source), readFileSync(path.join(PROJECT_ROOT, source), 'utf8'));
    expect(readFileSync(path.join(PROJECT_ROOT, output), 'utf8'), 'run npm run build:wasm').toBe(
      bytesModule(source, constant, compiled),
    );
  });

  it('runs in WebAssembly where it can, and JavaScript when asked', () => {
    const { wasm, js } = both(['CI_JOB_JWT']);
    expect(wasm.loops).toBe('wasm');
    expect(js.loops).toBe('js');
  });

  it('finds what the JavaScript loops and a plain search find, for any anchors and text', () => {
    // Texts over a small alphabet, so anchors occur often, overlap, and straddle the quarters of a long file.
    const letter = fc.constantFrom('a', 'b', 'c', '_', 'é');
    const anchor = fc.string({ unit: letter, minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(
        fc.uniqueArray(anchor, { minLength: 1, maxLength: 12 }),
        fc.string({ unit: letter, maxLength: 1400 }),
        (anchors, text) => {
          const { wasm, js } = both(anchors);
          const sample = bytes(text);
          const expected = naive(anchors, sample);
          expect(wasm.hits(sample)).toBe(expected.size > 0);
          expect(js.hits(sample)).toBe(expected.size > 0);
          expect(wasm.anchorsIn(sample)).toEqual(expected);
          expect(js.anchorsIn(sample)).toEqual(expected);
        },
      ),
      { numRuns: 300, seed: 20261206 },
    );
  });

  it.each([511, 512, 513, 4096 + 3])('finds an anchor at every place in a file of %i bytes, never a partial one', (length) => {
    const { wasm } = both(['JWT_V2', 'CI_JOB_JWT']);
    const filler = Buffer.alloc(length, 'x');
    expect(wasm.hits(filler)).toBe(false);
    for (let at = 0; at + 10 <= length; at += 1) {
      const sample = Buffer.from(filler);
      sample.write('CI_JOB_JWT', at);
      expect(wasm.hits(sample), `anchor at ${at}`).toBe(true);
      // Cut short by one byte: no anchor ends here.
      sample[at + 9] = 0x78;
      expect(wasm.hits(sample), `partial anchor at ${at}`).toBe(false);
    }
  });

  it('holds a table larger than its first memory and files larger than the room it had, and forgets a longer file', async () => {
    const register = await loadRegister();
    const rules = activeRules(register, { from: '15.0', to: register.releases.at(-1)?.release ?? '20.0' });
    const anchors = [...new Set(rules.flatMap((active) => compileRule(active.rule, { configDir: '' }).anchor ?? []))];
    const { wasm, js } = both(anchors);
    // The table alone needs more than one 64 KiB page.
    expect(wasm.table().transitions.length * 4).toBeGreaterThan(64 * 1024);
    const large = Buffer.alloc(3 * 1024 * 1024, 'x');
    const last = anchors.at(-1) as string;
    large.write(last, large.length - Buffer.byteLength(last));
    expect(wasm.hits(large)).toBe(true);
    expect(wasm.anchorsIn(large)).toEqual(js.anchorsIn(large));
    // The longer file's bytes are still in memory past a shorter file's end: they must not count.
    expect(wasm.hits(Buffer.alloc(100, 'x'))).toBe(false);
    for (const anchor of anchors) {
      const sample = bytes(`say ${anchor} once`);
      expect(wasm.anchorsIn(sample), anchor).toEqual(js.anchorsIn(sample));
    }
  });
});

describe('the prefilter without WebAssembly', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('keeps its JavaScript loops where WebAssembly is missing (node --jitless) and finds the same', async () => {
    vi.resetModules();
    vi.stubGlobal('WebAssembly', undefined);
    const fresh = await import('../../../src/check/file/prefilter.ts');
    const prefilter = fresh.createPrefilter(['CI_JOB_JWT', 'héllo']);
    expect(prefilter.loops).toBe('js');
    expect([...prefilter.anchorsIn(bytes('say héllo to $CI_JOB_JWT'))].sort()).toEqual(['CI_JOB_JWT', 'héllo']);
  });
});
