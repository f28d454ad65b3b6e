import { describe, expect, it } from 'vitest';
import { parseYamlDocuments } from '../../../src/check/file/yaml-documents.ts';

describe('YAML documents', () => {
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
