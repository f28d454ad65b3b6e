import { describe, expect, it } from 'vitest';
import { leadSentence } from '../../src/findings/lead-sentence.ts';

describe('leadSentence', () => {
  it('keeps the first sentence, flattened, with links reduced to their text', () => {
    expect(
      leadSentence('Declare ID tokens with the [`id_tokens`](https://x) keyword in every job that needs them.\nThen read them.'),
    ).toBe('Declare ID tokens with the `id_tokens` keyword in every job that needs them.');
  });

  it('takes a second sentence when the first is very short', () => {
    expect(leadSentence('Remove it. Nothing replaces the setting, so delete it from every configuration file you keep.')).toBe(
      'Remove it. Nothing replaces the setting, so delete it from every configuration file you keep.',
    );
  });

  it('cuts a long text without a sentence end at a word', () => {
    const text = leadSentence('word '.repeat(100), 40);
    expect(text.length).toBeLessThanOrEqual(40);
    expect(text.endsWith('…')).toBe(true);
  });
});
