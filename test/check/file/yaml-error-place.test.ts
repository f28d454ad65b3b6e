import { describe, expect, it } from 'vitest';
import { analyzeFile, unclosedQuoteStart } from '../../../src/check/file/analyzed-file.ts';
import { nodesAt, parseKeyPath } from '../../../src/check/file/yaml-path.ts';

describe('YAML errors', () => {
  it('places an unclosed quote at its opening quote, not at the end of the file', () => {
    const text = 'image: "alpine:3.19\nstages: [build]\nvariables: {}\n';
    const file = analyzeFile('.gitlab-ci.yml', '.gitlab-ci.yml', text, 'ci-yaml');
    expect(file.yaml()).toBeUndefined();
    expect(file.parseErrors[0]?.offset).toBe(text.indexOf('"'));
    expect(unclosedQuoteStart("a: 'it''s\nb: 2\n", 'MISSING_CHAR', "Missing closing 'quote", 15)).toBe(3);
    expect(unclosedQuoteStart('a: [\n', 'MISSING_CHAR', 'Missing , or : between flow map items', 5)).toBe(5);
  });

  it('reads a repeated key instead of refusing the file, so rules see every copy', () => {
    const text =
      'container_scanning:\n  variables:\n    DOCKER_USER: a\ncontainer_scanning:\n  variables:\n    DOCKER_PASSWORD: b\n';
    const file = analyzeFile('.gitlab-ci.yml', '.gitlab-ci.yml', text, 'ci-yaml');
    expect(file.parseErrors).toEqual([]);
    const keys = nodesAt(file.yaml()?.[0]?.contents, parseKeyPath('container_scanning.variables.*')).map((hit) =>
      text.slice(hit.offset, text.indexOf(':', hit.offset)),
    );
    expect(keys).toEqual(['DOCKER_USER', 'DOCKER_PASSWORD']);
  });
});
