import { describe, expect, it } from 'vitest';
import { MAX_ANCHORS_AND_ALIASES, parseYamlDocuments, tooManyAnchors } from '../../../src/check/file/yaml-documents.ts';

/** A CI file whose jobs take their variables from one anchor through `count` aliases, and a job of `&&` lines. */
function anchored(count: number, shellLines = 0): string {
  const jobs = Array.from({ length: count - 1 }, (_, index) => `job${index}:\n  variables: *vars\n  script: make`);
  const shell = Array.from({ length: shellLines }, () => '    - make && make test && make install');
  return ['.vars: &vars', '  A: "1"', ...jobs, 'shell:', '  script:', ...shell, ''].join('\n');
}

describe('YAML documents', () => {
  it(`reads a file with ${MAX_ANCHORS_AND_ALIASES} anchors and aliases, and refuses one with more, naming why`, () => {
    // One anchor and `count - 1` aliases: the limit itself is read, one more is not.
    expect(tooManyAnchors(anchored(MAX_ANCHORS_AND_ALIASES))).toBe(false);
    expect(parseYamlDocuments(anchored(MAX_ANCHORS_AND_ALIASES), '.gitlab-ci.yml').documents).toHaveLength(1);
    const refused = parseYamlDocuments(anchored(MAX_ANCHORS_AND_ALIASES + 1), '.gitlab-ci.yml');
    expect(refused.documents).toBeUndefined();
    expect(refused.error).toEqual({
      offset: 0,
      reason: 'it holds more than 2,000 anchors and aliases (reading them takes time growing with the square of their number)',
      notRead: true,
    });
    expect(parseYamlDocuments('a: [\n', '.gitlab-ci.yml').error?.notRead).toBeUndefined();
    // Shell `&&` and glob stars are not anchors: a file with thousands of them is read.
    const shell = anchored(10, 2000);
    expect(tooManyAnchors(shell)).toBe(false);
    expect(parseYamlDocuments(shell, '.gitlab-ci.yml').error).toBeUndefined();
  });

  it('reads a configure template with its @NAME@ placeholders blanked, at the same offsets', () => {
    const text = 'version: 0.1\nnotifications:\n  endpoints:\n    - url: @AUDIT_URL@\n      threshold: @RETRIES@\n';
    const parsed = parseYamlDocuments(text, 'registry/config.yml.in');
    expect(parsed.error).toBeUndefined();
    expect(parsed.documents?.[0]?.toJS()).toEqual({
      version: 0.1,
      notifications: { endpoints: [{ url: null, threshold: null }] },
    });
    expect(parsed.parsedText).toHaveLength(text.length);
    // The same text is broken YAML where nothing says it is a template.
    expect(parseYamlDocuments(text, 'registry/config.yml').error?.reason).toMatch(/./);
  });

  it('reads Jinja and Go templates once their actions are blanked, and calls neither broken', () => {
    const jinja = '{% if registry %}\nversion: 0.1\n{% endif %}\nhttp: {{ http | to_yaml }}\n';
    expect(parseYamlDocuments(jinja, 'templates/config.yml.j2').documents).toHaveLength(1);
    expect(parseYamlDocuments('a: {{ x }}\n  b: [\n', 'chart/t.yaml')).toEqual({ parsedText: 'a: {{ x }}\n  b: [\n' });
  });
});
