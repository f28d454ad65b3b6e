import { describe, expect, it } from 'vitest';
import { SEARCH_SUMMARY_LENGTH, searchSummary } from '../../src/site/search-summary.ts';

describe('searchSummary', () => {
  it('is the summary as plain text, without Markdown marks that would read as broken bold', () => {
    expect(searchSummary('Jobs no longer get `CI_JOB_JWT`; see **the [guide](/g/)**.\n')).toBe(
      'Jobs no longer get CI_JOB_JWT; see the guide.',
    );
  });

  it('keeps a summary of exactly the length whole and cuts one a character longer at a word, with an ellipsis', () => {
    const exact = 'word '
      .repeat(SEARCH_SUMMARY_LENGTH / 5)
      .trim()
      .padEnd(SEARCH_SUMMARY_LENGTH, 'x');
    expect(exact).toHaveLength(SEARCH_SUMMARY_LENGTH);
    expect(searchSummary(exact)).toBe(exact);
    const longer = `${exact}y`;
    const cut = searchSummary(longer);
    expect(cut.length).toBeLessThanOrEqual(SEARCH_SUMMARY_LENGTH);
    expect(cut).toMatch(/^word( word)*…$/);
  });

  it('cuts inside a word only when no space is in its second half', () => {
    expect(searchSummary('a '.concat('x'.repeat(30)), 10)).toBe(`a ${'x'.repeat(7)}…`);
  });
});
