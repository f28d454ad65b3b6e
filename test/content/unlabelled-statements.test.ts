import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../src/register/index.ts';
import { LABELLED_SENTENCE } from './spec-labels-api.ts';

/**
 * Statements the content once made as the spec's, though the spec does not make them: what an endpoint
 * answers or does with events, what a removal does to pipelines or start-up, what a funnel count means.
 * Each may be said only in a sentence that says whose it is (the reference implementation's, Sunset's
 * reading) or inside a `<ReferenceDesign>` block. The spec-value checks cannot see these (they hold no
 * name or number), so they are held here, where they were found.
 */
const STATEMENTS: { file: string; field?: string; claim: RegExp }[] = [
  { file: 'api/error-tracking-client-keys-delete.yaml', field: 'summary', claim: /events sent with/i },
  { file: 'api/jwks.yaml', field: 'summary', claim: /public keys|verify tokens|key set/i },
  { file: 'api/registry-manifest-delete.yaml', field: 'summary', claim: /in place of the manifest|what is sent/i },
  { file: 'register/18.0/compliance-pipelines-removed.yaml', field: 'summary', claim: /inject/i },
  { file: 'register/17.0/duplicate-storage-paths-error.yaml', field: 'breaking_reason', claim: /instead of starting|as before/i },
  { file: 'register/18.0/license-metadata-format-v1-removed.yaml', field: 'summary', claim: /later versions?.*remain/i },
  { file: 'limits.yaml', claim: /older (data|errors?) (is|are) (gone|deleted)/i },
  { file: 'register/18.0/email-ingestion-sidekiq-delivery-removed.yaml', field: 'summary', claim: /\bremains?\b|only one/i },
  { file: 'api/error-tracking-client-keys-delete.yaml', claim: /demo world|answer 401/i },
  { file: 'guides/funnels.mdx', claim: /users (who )?reached|furthest step|hyphens?\b/i },
];

/** The sentences of a text; a `<ReferenceDesign>` block and a reference sample count as labelled as a whole. */
function unlabelledSentences(text: string): string[] {
  return text
    .replace(/<ReferenceDesign>[\s\S]*?<\/ReferenceDesign>|<Example\b[^>]*?origin="reference"[\s\S]*?\/>/g, '')
    .replace(/\s*\n\s*/g, ' ')
    .split(/(?<=[.;!?])\s+/)
    .filter((sentence) => !LABELLED_SENTENCE.test(sentence));
}

describe('statements the spec does not make', () => {
  for (const { file, field, claim } of STATEMENTS) {
    it(`are said in ${file}${field ? ` ${field}` : ''} only where labelled`, () => {
      const raw = readFileSync(path.join(CONTENT_DIR, file), 'utf8');
      const text = field ? String((load(raw) as Record<string, unknown>)[field] ?? '') : raw;
      expect(unlabelledSentences(text).filter((sentence) => claim.test(sentence))).toEqual([]);
    });
  }

  it('would catch each one unlabelled', () => {
    expect(unlabelledSentences('Deletes the key; events sent with it are no longer accepted.')).toHaveLength(2);
    expect(unlabelledSentences('The `webhook` delivery method is the one that remains.')).toHaveLength(1);
    expect(
      unlabelledSentences('In the demo world key 1 is the sample key: once it is deleted the consoles answer 401.'),
    ).toHaveLength(1);
    expect(unlabelledSentences("In the reference implementation's demo world key 1 is the sample key.")).toEqual([]);
    expect(unlabelledSentences('The reference implementation refuses events sent with it.')).toEqual([]);
    expect(unlabelledSentences('<ReferenceDesign>\nA user counts at the furthest step.\n</ReferenceDesign>')).toEqual(['']);
  });
});
