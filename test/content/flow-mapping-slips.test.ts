import { afterEach, describe, expect, it } from 'vitest';
import { formatProblem, readContent } from '../../src/register/index.ts';
import { readYamlWith } from '../../src/register/yaml-source.ts';
import { apiExampleSchema } from '../../src/schemas/api-endpoint.ts';
import { type ContentCopy, copyContent } from '../register/content-copy.ts';

/**
 * `{ name: Demo, Maintainer }` parses: the word after the comma becomes a key whose value is `null`. No
 * schema can tell that `null` from one written on purpose, so the reader looks at the YAML itself: inside
 * `{ … }` a key with no `:` is always a slip, one word or many, whatever its case.
 */
describe('a flow mapping split by a comma', () => {
  const example = (value: string) => `summary: A user\norigin: reference\nvalue: ${value}\n`;

  it('is refused in an example value, at the key, with what to do', () => {
    for (const tail of ['Maintainer', 'maintainer', 'Maintainer_of_the_group']) {
      const result = readYamlWith(apiExampleSchema, 'content/api/x.yaml', example(`{ name: Demo, ${tail} }`));
      expect(result.ok, tail).toBe(false);
      if (!result.ok) {
        expect(result.problems.map(formatProblem)).toEqual([
          `content/api/x.yaml:3:22 "${tail}" inside { … } has no value: a comma split the text before it; quote the whole text (or write "${tail}: null" for an empty value)`,
        ]);
      }
    }
  });

  it('accepts the same text quoted, and a value written as null on purpose', () => {
    expect(readYamlWith(apiExampleSchema, 'x.yaml', example('{ name: "Demo, Maintainer" }')).ok).toBe(true);
    expect(readYamlWith(apiExampleSchema, 'x.yaml', example('{ name: Demo, role: null }')).ok).toBe(true);
  });

  describe('npm run check', () => {
    let copy: ContentCopy | undefined;
    afterEach(async () => copy?.remove());

    it('fails on one in an endpoint example, naming the file and line', async () => {
      copy = await copyContent();
      await copy.edit('api/error-tracking-settings-update.yaml', (text) =>
        text.replace(
          'value: { project_id: 2, active: true, backend: platform }',
          'value: { project_id: 2, active: true, backend: platform, Maintainer }',
        ),
      );
      const { problems } = await readContent(copy.dir);
      expect(problems.map(formatProblem)).toEqual([
        expect.stringMatching(
          /^content\/api\/error-tracking-settings-update\.yaml:52:\d+ "Maintainer" inside \{ … \} has no value/,
        ),
      ]);
    });
  });
});
