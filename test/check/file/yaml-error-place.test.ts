import { describe, expect, it } from 'vitest';
import { analyzeFile, unclosedQuoteStart } from '../../../src/check/file/analyzed-file.ts';

describe('YAML errors', () => {
  it('places an unclosed quote at its opening quote, not at the end of the file', () => {
    const text = 'image: "alpine:3.19\nstages: [build]\nvariables: {}\n';
    const file = analyzeFile('.gitlab-ci.yml', '.gitlab-ci.yml', text, 'ci-yaml');
    expect(file.yaml()).toBeUndefined();
    expect(file.parseErrors[0]?.offset).toBe(text.indexOf('"'));
    expect(unclosedQuoteStart("a: 'it''s\nb: 2\n", 'MISSING_CHAR', "Missing closing 'quote", 15)).toBe(3);
    expect(unclosedQuoteStart('a: [\n', 'MISSING_CHAR', 'Missing , or : between flow map items', 5)).toBe(5);
  });
});
