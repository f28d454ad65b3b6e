import { describe, expect, it } from 'vitest';
import { checkDefinition, formatLineMessage, lineMessages } from '../../../src/browser/playground/editor-problems.ts';
import { funnelDefinitionSchema } from '../../../src/schemas/funnel-definition.ts';
import { visualizationDefinitionSchema } from '../../../src/schemas/visualization-definition.ts';

const FILE = '.gitlab/analytics/funnels/completed_purchase.yaml';

describe('formatLineMessage', () => {
  it('writes line, field path and message, leaving out the parts a problem lacks', () => {
    expect(formatLineMessage({ file: FILE, line: 7, column: 5, path: 'steps[1].action', message: 'only pageview' })).toBe(
      'line 7: steps[1].action: only pageview',
    );
    expect(formatLineMessage({ file: FILE, line: 2, message: 'YAML syntax: bad indentation' })).toBe(
      'line 2: YAML syntax: bad indentation',
    );
    expect(formatLineMessage({ file: FILE, message: 'the file name has no letters' })).toBe('the file name has no letters');
  });

  it('sorts messages by line, whole-file messages first', () => {
    const messages = lineMessages([
      { file: FILE, line: 9, path: 'b', message: 'second' },
      { file: FILE, message: 'whole file' },
      { file: FILE, line: 3, path: 'a', message: 'first' },
    ]);
    expect(messages).toEqual([
      { line: undefined, text: 'whole file' },
      { line: 3, text: 'line 3: a: first' },
      { line: 9, text: 'line 9: b: second' },
    ]);
  });
});

describe('checkDefinition', () => {
  it('places a schema problem at the line of the field', () => {
    const text = 'seconds_to_convert: 3600\nsteps:\n  - name: view_products\n    action: click\n    target: /products\n';
    expect(checkDefinition(funnelDefinitionSchema, FILE, text)).toEqual({
      ok: false,
      messages: [{ line: 4, text: 'line 4: steps[0].action: only the action "pageview" is supported' }],
    });
  });

  it('places a YAML syntax error at its line', () => {
    const result = checkDefinition(funnelDefinitionSchema, FILE, 'seconds_to_convert: 3600\nsteps:\n  - name: [a\n');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.messages[0]?.text).toMatch(/^line \d: YAML syntax: /);
  });

  it('names a missing required field at the object that lacks it', () => {
    const result = checkDefinition(visualizationDefinitionSchema, 'v.yaml', 'version: 1\ntype: LineChart\n');
    expect(result).toEqual({
      ok: false,
      messages: [{ line: 1, text: 'line 1: data: required field is missing (expected object)' }],
    });
  });

  it('says an empty editor is empty, and returns the data of a valid one', () => {
    expect(checkDefinition(funnelDefinitionSchema, FILE, '  \n')).toEqual({
      ok: false,
      messages: [{ line: 1, text: 'line 1: the file is empty; write the definition here' }],
    });
    const valid = checkDefinition(
      funnelDefinitionSchema,
      FILE,
      'seconds_to_convert: 60\nsteps:\n  - { name: a, action: pageview, target: / }\n',
    );
    expect(valid).toEqual({
      ok: true,
      data: { seconds_to_convert: 60, steps: [{ name: 'a', action: 'pageview', target: '/' }] },
    });
  });
});

describe('checkDefinition with a refinement', () => {
  it('places the refinement’s problems at their fields', () => {
    const text = 'version: 1\ntype: PieChart\ndata:\n  type: semantic_analytics\n  query: { measures: [TrackedEvents.count] }\n';
    const result = checkDefinition(visualizationDefinitionSchema, 'v.yaml', text, (data) =>
      data.type === 'PieChart' ? [{ path: ['type'], message: 'not rendered here' }] : [],
    );
    expect(result).toEqual({ ok: false, messages: [{ line: 2, text: 'line 2: type: not rendered here' }] });
  });
});
