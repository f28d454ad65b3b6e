import { describe, expect, it } from 'vitest';
import { beforeAfter, MAX_SAMPLES } from '../../src/check/before-after.ts';
import { loadRegister } from '../../src/register/index.ts';

const register = await loadRegister();
const layout = { configDir: register.settings.config_dir };
const samplesOf = (id: string) => {
  const entry = register.entry(id);
  if (!entry) throw new Error(`no entry ${id}`);
  return beforeAfter(entry.id, entry.detect, layout);
};

describe('before/after samples of an entry page', () => {
  it('shows a renamed variable before and after the fix, computed by the fixer', () => {
    const [sample] = samplesOf('dast-api-specification-renamed');
    expect(sample?.before).toContain('DAST_API_SPECIFICATION');
    expect(sample?.after).toBe(sample?.before.replaceAll('DAST_API_SPECIFICATION', 'DAST_API_OPENAPI'));
  });

  it('shows only the before of a rule without a mechanical fix', () => {
    const samples = samplesOf('ci-job-jwt-removed');
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) expect(sample.after).toBeUndefined();
  });

  it('gives every entry with a rule at least one sample, and at most the maximum', () => {
    for (const entry of register.entries.filter((candidate) => candidate.detect.length > 0)) {
      const samples = beforeAfter(entry.id, entry.detect, layout);
      expect(samples.length, entry.id).toBeGreaterThan(0);
      expect(samples.length, entry.id).toBeLessThanOrEqual(MAX_SAMPLES);
      const fixable = entry.detect.slice(0, samples.length).some((rule) => 'fix' in rule && rule.fix);
      if (fixable)
        expect(
          samples.some((sample) => sample.after !== undefined),
          entry.id,
        ).toBe(true);
    }
    expect(samplesOf('geo-repository-metrics-renamed')).toHaveLength(MAX_SAMPLES);
  });
});
