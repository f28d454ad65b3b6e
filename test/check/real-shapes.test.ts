import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { activeRules } from '../../src/check/active-rules.ts';
import { createEngine } from '../../src/check/engine/engine.ts';
import { PROJECT_ROOT } from '../../src/check/register-source.ts';
import { loadRegister } from '../../src/register/index.ts';

/**
 * Small files shaped like what real repositories hold (CI configs, runner registration scripts, Ansible
 * roles, Helm charts, API clients, upgrade guides), each with a sidecar `<case>.expect.yaml` naming the
 * findings a careful reviewer would report and the near misses one would not. The checker is scored on
 * the whole set.
 */
const ROOT = path.join(PROJECT_ROOT, 'test/fixtures/real-shapes');

interface Place {
  line: number;
  rule: string;
  why?: string;
}
interface Expectation {
  file: string;
  shape: string;
  findings?: Place[];
  near_misses?: Place[];
}

const register = await loadRegister();
// Every entry is in range: from before the oldest change to the newest release.
const engine = createEngine(activeRules(register, { from: '15.11', to: '20.0' }), { configDir: '.gitlab' });

const cases = readdirSync(ROOT)
  .filter((name) => name.endsWith('.expect.yaml'))
  .map((name) => {
    const id = name.replace(/\.expect\.yaml$/, '');
    const expectation = parse(readFileSync(path.join(ROOT, name), 'utf8')) as Expectation;
    const text = readFileSync(path.join(ROOT, id, expectation.file), 'utf8');
    const { findings } = engine.checkText({ path: `${id}/${expectation.file}`, rootPath: expectation.file }, text);
    const actual = new Set(findings.map((finding) => `${finding.line} ${finding.ruleId}`));
    return { id, expectation, actual };
  });

const key = (place: Place) => `${place.line} ${place.rule}`;

describe('real-shape fixtures', () => {
  it('holds at least 60 cases, each with a finding or a near miss and a file that exists', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    for (const { id, expectation } of cases) {
      expect(expectation.shape, id).toBeTruthy();
      expect((expectation.findings?.length ?? 0) + (expectation.near_misses?.length ?? 0), id).toBeGreaterThan(0);
    }
    expect(cases.filter(({ expectation }) => (expectation.findings?.length ?? 0) > 0).length).toBeGreaterThanOrEqual(30);
    expect(cases.filter(({ expectation }) => (expectation.near_misses?.length ?? 0) > 0).length).toBeGreaterThanOrEqual(30);
  });

  it('scores precision and recall 1.0: every expected finding reported, nothing else', () => {
    let truePositives = 0;
    const falsePositives: string[] = [];
    const missed: string[] = [];
    for (const { id, expectation, actual } of cases) {
      const expected = new Set((expectation.findings ?? []).map(key));
      for (const found of actual) {
        if (expected.has(found)) truePositives++;
        else falsePositives.push(`${id}: ${found}`);
      }
      for (const want of expected) if (!actual.has(want)) missed.push(`${id}: ${want}`);
    }
    const precision = truePositives / (truePositives + falsePositives.length);
    const recall = truePositives / (truePositives + missed.length);
    expect({ falsePositives, missed }).toEqual({ falsePositives: [], missed: [] });
    expect([precision, recall]).toEqual([1, 1]);
    expect(truePositives).toBeGreaterThanOrEqual(40);
  });

  it('reports none of the near misses', () => {
    for (const { id, expectation, actual } of cases) {
      for (const near of expectation.near_misses ?? [])
        expect(actual.has(key(near)), `${id}: ${near.why ?? key(near)}`).toBe(false);
    }
  });
});
