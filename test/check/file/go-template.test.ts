import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { analyzeFile } from '../../../src/check/file/analyzed-file.ts';
import { blankTemplateActions, hasTemplateActions } from '../../../src/check/file/go-template.ts';

const chart = [
  'apiVersion: apps/v1',
  'kind: Deployment',
  'spec:',
  '  template:',
  '    spec:',
  '      {{- with .Values.nodeSelector }}',
  '      nodeSelector:',
  '        {{- toYaml . | nindent 8 }}',
  '      {{- end }}',
  '      terminationGracePeriodSeconds: {{ .Values.grace }}',
  '',
].join('\n');

describe('Go templates in YAML', () => {
  it('blanks actions at the same offsets so the rest parses', () => {
    expect(hasTemplateActions(chart)).toBe(true);
    expect(hasTemplateActions('a: "{{"')).toBe(false);
    const blank = blankTemplateActions(chart);
    expect(blank).toHaveLength(chart.length);
    expect(blank.indexOf('terminationGracePeriodSeconds')).toBe(chart.indexOf('terminationGracePeriodSeconds'));
    expect(parseAllDocuments(blank).flatMap((doc) => (Array.isArray(doc) ? [] : doc.errors))).toEqual([]);
  });

  it('reads a chart template as YAML and never calls a template a parse error', () => {
    const file = analyzeFile('t.yaml', 'chart/templates/t.yaml', chart, 'yaml');
    expect(file.yaml()?.[0]?.getIn(['spec', 'template', 'spec', 'terminationGracePeriodSeconds'])).toBe(null);
    expect(file.parseErrors).toEqual([]);
    const broken = analyzeFile('u.yaml', 'u.yaml', 'a: {{ x }}\n  b: [\n', 'yaml');
    expect(broken.yaml()).toBeUndefined();
    expect(broken.parseErrors).toEqual([]);
    const plain = analyzeFile('v.yaml', 'v.yaml', 'a: 1\n  b: [\n', 'yaml');
    expect(plain.yaml()).toBeUndefined();
    expect(plain.parseErrors).toHaveLength(1);
  });
});
