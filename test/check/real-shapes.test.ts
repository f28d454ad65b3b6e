import { describe, expect, it } from 'vitest';
import { cases, checkCase, type Place, register } from './real-shape-cases.ts';

/** The set is scored as a whole: every expected finding reported, nothing else. */
const scored = cases.map((item) => ({
  ...item,
  actual: new Set(checkCase(item).map((finding) => `${finding.line} ${finding.ruleId}`)),
}));

const key = (place: Place) => `${place.line} ${place.rule}`;

describe('real-shape fixtures', () => {
  it('holds at least 150 cases, each with a finding or a near miss and a file that exists', () => {
    expect(scored.length).toBeGreaterThanOrEqual(300);
    for (const { id, expectation } of scored) {
      expect(expectation.shape, id).toBeTruthy();
      expect((expectation.findings?.length ?? 0) + (expectation.near_misses?.length ?? 0), id).toBeGreaterThan(0);
    }
    expect(scored.filter(({ expectation }) => (expectation.findings?.length ?? 0) > 0).length).toBeGreaterThanOrEqual(150);
    expect(scored.filter(({ expectation }) => (expectation.near_misses?.length ?? 0) > 0).length).toBeGreaterThanOrEqual(110);
  });

  it('holds at least 120 cases on the configuration admins own, near misses among them', () => {
    // Cases of entries with rules on those surfaces, in files that are not project CI configuration.
    const ADMIN_KINDS = new Set(['omnibus-setting', 'chart-value', 'env-var', 'config-module']);
    const adminEntries = new Set(
      register.entries.filter((entry) => entry.detect?.some((rule) => ADMIN_KINDS.has(rule.kind))).map((entry) => entry.id),
    );
    const admin = cases.filter(
      ({ expectation }) =>
        !/(^|\/)\.gitlab-ci\.yml$|^\.gitlab\//.test(expectation.file) &&
        [...(expectation.findings ?? []), ...(expectation.near_misses ?? [])].some(({ rule }) => adminEntries.has(rule)),
    );
    expect(admin.length).toBeGreaterThanOrEqual(120);
    expect(admin.filter(({ expectation }) => (expectation.near_misses?.length ?? 0) > 0).length).toBeGreaterThanOrEqual(60);
  });

  it('scores precision and recall 1.0: every expected finding reported, nothing else', () => {
    let truePositives = 0;
    const falsePositives: string[] = [];
    const missed: string[] = [];
    for (const { id, expectation, actual } of scored) {
      const expected = new Set((expectation.findings ?? []).map(key));
      for (const found of actual) {
        if (expected.has(found)) truePositives++;
        else falsePositives.push(`${id}: ${found}`);
      }
      for (const want of expected) if (!actual.has(want)) missed.push(`${id}: ${want}`);
    }
    const precision = truePositives / (truePositives + falsePositives.length);
    const recall = truePositives / (truePositives + missed.length);
    console.log(
      `real shapes: ${scored.length} cases, ${truePositives} findings; precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}`,
    );
    expect({ falsePositives, missed }).toEqual({ falsePositives: [], missed: [] });
    expect([precision, recall]).toEqual([1, 1]);
    expect(truePositives).toBeGreaterThanOrEqual(220);
  });

  it('reports none of the near misses', () => {
    for (const { id, expectation, actual } of scored) {
      for (const near of expectation.near_misses ?? [])
        expect(actual.has(key(near)), `${id}: ${near.why ?? key(near)}`).toBe(false);
    }
  });
});
