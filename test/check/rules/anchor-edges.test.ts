import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../../src/check/engine/engine.ts';
import { analyzeFile } from '../../../src/check/file/analyzed-file.ts';
import { fileKind } from '../../../src/check/file/file-kind.ts';
import { compileRule } from '../../../src/check/rules/compile-rule.ts';
import { anchorStands, anchorsOf, type Matcher } from '../../../src/check/rules/matcher.ts';
import { activeRules } from '../../../src/findings/active-rules.ts';
import type { DetectRule } from '../../../src/schemas/detect-rule.ts';
import { activeRule } from '../active-rule.ts';
import { range, cases as realShapes, register } from '../real-shape-cases.ts';

const layout = { configDir: '.gitlab' };

describe('anchorStands', () => {
  it.each([
    // text, anchor, edges, stands
    ['echo $CI_JOB_JWT', 'CI_JOB_JWT', 'word', true],
    ['CI_JOB_JWT', 'CI_JOB_JWT', 'word', true],
    ['CI_JOB_JWT_LEGACY_NOTE', 'CI_JOB_JWT', 'word', false],
    ['MY_CI_JOB_JWT', 'CI_JOB_JWT', 'word', false],
    ['MY_CI_JOB_JWT', 'CI_JOB_JWT', 'end', true],
    ['CI_JOB_JWTS', 'CI_JOB_JWT', 'end', false],
    ['CI_JOB_JWT9', 'CI_JOB_JWT', 'word', false],
    ['CI_JOB_JWT-x', 'CI_JOB_JWT', 'word', true],
    // Only the second occurrence stands apart.
    ['CI_JOB_JWT_V2 and CI_JOB_JWT.', 'CI_JOB_JWT', 'word', true],
    ['xCI_JOB_JWT CI_JOB_JWTx', 'CI_JOB_JWT', 'word', false],
    // Overlapping occurrences: `aa` inside `aaa` never stands, in `aa a` it does.
    ['aaa', 'aa', 'word', false],
    ['aa a', 'aa', 'word', true],
    // An edge of the anchor that is no word character needs nothing of its neighbour.
    ['x--registration-tokenx', '--registration-token', 'word', false],
    ['x--registration-token y', '--registration-token', 'word', true],
    ['x[skip ci]y', '[skip ci]', 'word', true],
    // Word characters are ASCII, as `\w` reads them: an accented letter does not join.
    ['éCI_JOB_JWTé', 'CI_JOB_JWT', 'word', true],
    ['', 'CI_JOB_JWT', 'word', false],
    ['anything', '', 'word', false],
  ] as const)('%j holds %j standing (%s): %s', (text, anchor, edges, stands) => {
    expect(anchorStands(text, anchor, edges)).toBe(stands);
  });

  it('agrees with a regular expression of the same edges on any text', () => {
    const alphabet = fc.constantFrom('a', 'b', '_', '9', '-', ' ', '\n', 'é', '$');
    const text = fc.array(alphabet, { maxLength: 40 }).map((chars) => chars.join(''));
    const anchor = fc.array(alphabet, { minLength: 1, maxLength: 3 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(text, anchor, fc.constantFrom('word' as const, 'end' as const), (haystack, needle, edges) => {
        const escaped = needle.replace(/[$\\^.*+?()[\]{}|-]/g, '\\$&');
        const before = edges === 'word' && /^\w/.test(needle) ? '(?<!\\w)' : '';
        const after = /\w$/.test(needle) ? '(?!\\w)' : '';
        expect(anchorStands(haystack, needle, edges)).toBe(new RegExp(`${before}${escaped}${after}`).test(haystack));
      }),
      { numRuns: 500 },
    );
  });
});

/**
 * Every occurrence of each anchor joined to a word character: before it for rules whose anchor stands apart
 * on both sides (`'word'`), after it for both kinds. A rule that says its matches never join the anchor so
 * must find nothing in such a text; one that did would be skipped by the engine where it matches.
 */
function joined(text: string, anchors: readonly string[], side: 'before' | 'after'): string | undefined {
  let out = text;
  for (const anchor of anchors) {
    // A side of the anchor that is no word character has no edge to join.
    if (!/\w/.test(side === 'before' ? (anchor[0] as string) : (anchor.at(-1) as string))) return undefined;
    out = out.replaceAll(anchor, side === 'before' ? `Q${anchor}` : `${anchor}Q`);
  }
  return out;
}

function matchesOf(matcher: Matcher, file: string, text: string): number {
  const analyzed = analyzeFile(file, file, text, fileKind(file, layout));
  const reads = matcher.applies(analyzed.kind, file) || (matcher.shapes?.some((shape) => analyzed.shapes().has(shape)) ?? false);
  return reads ? matcher.match(analyzed).length : 0;
}

interface Sample {
  name: string;
  rule: DetectRule;
  file: string;
  text: string;
}

const registerRules = [...register.entries, ...register.errors].flatMap((owner) =>
  owner.detect.map((rule, index) => ({ name: `${owner.id}#${index}`, rule })),
);
const withEdges = registerRules.filter(({ rule }) => compileRule(rule, layout).anchorEdges !== undefined);
/** Each rule with edges on its own example, and on every real-shape file (many rules, many shapes). */
const samples: Sample[] = [
  ...withEdges.map(({ name, rule }) => ({ name, rule, file: rule.example.file, text: rule.example.text })),
  ...realShapes.flatMap((item) =>
    withEdges.map(({ name, rule }) => ({ name: `${name} on ${item.id}`, rule, file: item.expectation.file, text: item.text })),
  ),
];

describe('rules that say no word character joins their anchor', () => {
  it('are the kinds whose every pattern keeps the anchor apart', () => {
    const kinds = new Set(withEdges.map(({ rule }) => rule.kind));
    expect([...kinds].sort()).toEqual(['ci-variable', 'env-var', 'graphql', 'omnibus-setting', 'text']);
  });

  it('find nothing once every occurrence of their anchors is part of a longer word', () => {
    let matched = 0;
    let tried = 0;
    for (const { name, rule, file, text } of samples) {
      const matcher = compileRule(rule, layout);
      const anchors = anchorsOf(matcher);
      // A file the rule reads by its name holds the variable's value, not its name.
      if (matcher.fileNames?.includes(file.slice(file.lastIndexOf('/') + 1))) continue;
      if (matchesOf(matcher, file, text) === 0) continue;
      matched++;
      const sides = matcher.anchorEdges === 'word' ? (['before', 'after'] as const) : (['after'] as const);
      for (const side of sides) {
        const changed = joined(text, anchors, side);
        if (changed === undefined) continue;
        tried++;
        expect(matchesOf(matcher, file, changed), `${name}, anchor joined ${side}`).toBe(0);
      }
    }
    // The examples alone are one match each: the real shapes add more.
    expect(matched).toBeGreaterThan(withEdges.length);
    expect(tried).toBeGreaterThan(matched);
  });
});

describe('the engine', () => {
  it('does not run a rule on a file where its anchor only is part of a longer word, and runs it where it stands', () => {
    const rule = activeRule('jwt', { kind: 'ci-variable', name: 'CI_JOB_JWT' });
    const engine = createEngine([rule], layout);
    const run = (text: string) => {
      const file = { path: 'run.sh', rootPath: 'run.sh' };
      const anchors = engine.prefilter.anchorsIn(Buffer.from(text));
      // The prefilter passes both files: the anchor's letters are in each.
      expect(anchors.has('CI_JOB_JWT')).toBe(true);
      return engine.checkText(file, text, anchors);
    };
    // The rule's patterns run through `matchAll` on the file's text: a rule not run never calls it.
    const analyze = vi.spyOn(String.prototype, 'matchAll');
    expect(run('echo $CI_JOB_JWT_LEGACY_NOTE\n').findings).toEqual([]);
    expect(analyze).not.toHaveBeenCalled();
    expect(run('echo $CI_JOB_JWT_LEGACY_NOTE $CI_JOB_JWT\n').findings.map((finding) => finding.column)).toEqual([31]);
    expect(analyze).toHaveBeenCalled();
    analyze.mockRestore();
  });

  it('finds a GraphQL name written after an escape in a code string, where a word character comes before it', () => {
    const rule = activeRule('old-field', { kind: 'graphql', element: 'field', name: 'oldField' });
    const engine = createEngine([rule], layout);
    const file = { path: 'client.js', rootPath: 'client.js' };
    const text = 'const QUERY = "query {\\n  project {\\noldField\\n  }\\n}";\n';
    expect(text).toContain('\\noldField');
    const { findings } = engine.checkText(file, text, engine.prefilter.anchorsIn(Buffer.from(text)));
    expect(findings.map((finding) => [finding.ruleId, finding.column])).toEqual([['old-field', 38]]);
  });

  it('still runs a rule on a file it reads by name, whatever the file holds', () => {
    const rule = activeRule('token', {
      kind: 'env-var',
      name: 'REGISTRATION_TOKEN',
      command: 'gitlab-runner',
    });
    const engine = createEngine([rule], layout);
    const file = { path: 'gitlab-runner/env/REGISTRATION_TOKEN', rootPath: 'gitlab-runner/env/REGISTRATION_TOKEN' };
    expect(engine.readsAlways(file.rootPath)).toBe(true);
    const text = 'glrt-REGISTRATION_TOKEN_VALUE\n';
    const { findings } = engine.checkText(file, text, engine.prefilter.anchorsIn(Buffer.from(text)));
    expect(findings.map((finding) => finding.ruleId)).toEqual(['token']);
  });
});

describe('the engine with its anchor edges', () => {
  // Every rule of the register at once, as a check of the whole range runs them.
  const rules = activeRules(register, range);
  const engine = createEngine(rules, layout);
  const active = new Set(rules.map((item) => item.rule));
  it('finds what running every rule finds, on examples whose anchors are joined to other words at random', () => {
    const edged = withEdges.filter(({ rule }) => active.has(rule));
    expect(edged.length).toBeGreaterThan(20);
    const joiner = fc.constantFrom('', '', 'x', '_', '9', '-', '.', ' ', '$', '"', '\\n');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: edged.length - 1 }), joiner, joiner, fc.boolean(), (pick, before, after, twice) => {
        const { rule } = edged[pick] as (typeof edged)[number];
        const anchors = anchorsOf(compileRule(rule, layout));
        let text = rule.example.text;
        // Every occurrence of the anchors gets the same neighbours; a second copy keeps one occurrence as it was.
        for (const anchor of anchors) text = text.replaceAll(anchor, `${before}${anchor}${after}`);
        if (twice) text = `${text}\n${rule.example.text}`;
        const file = { path: rule.example.file, rootPath: rule.example.file };
        const sifted = engine.checkText(file, text, engine.prefilter.anchorsIn(Buffer.from(text)));
        const all = engine.checkText(file, text);
        // A file is parsed (and a parse error reported) only when a rule reads it, so errors of syntax are left aside.
        const seen = (result: typeof all) =>
          result.findings
            .filter((finding) => finding.ruleId !== 'parse-error')
            .map((finding) => `${finding.ruleId}@${finding.line}:${finding.column}`);
        expect(seen(sifted)).toEqual(seen(all));
      }),
      { numRuns: 300 },
    );
  });
});
