import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { createEngine } from '../../src/check/engine/engine.ts';
import { PROJECT_ROOT } from '../../src/check/register-source.ts';
import { activeRules } from '../../src/findings/active-rules.ts';
import { loadRegister } from '../../src/register/index.ts';

/**
 * Small files shaped like what real repositories hold (CI configs, runner registration scripts, Ansible
 * roles, Helm charts, API clients, upgrade guides), each with a sidecar `<case>.expect.yaml` naming the
 * findings a careful reviewer would report and the near misses one would not.
 */
export const REAL_SHAPES = path.join(PROJECT_ROOT, 'test/fixtures/real-shapes');

/** A place in a case's file: a line and the entry reported (or not) there. */
export interface Place {
  line: number;
  rule: string;
  why?: string;
}

/** What a case's sidecar says. */
export interface Expectation {
  file: string;
  shape: string;
  findings?: Place[];
  near_misses?: Place[];
}

/** One case: its id, sidecar, and file as the check reads it (a byte order mark set aside, as the scan does). */
export interface RealShapeCase {
  id: string;
  expectation: Expectation;
  /** The file's bytes as text, byte order mark included. */
  raw: string;
  text: string;
}

export const register = await loadRegister();
/** Every entry is in range: from before the oldest change to the newest release. */
export const range = { from: '15.11', to: '20.0' };
export const layout = { configDir: '.gitlab' };
export const engine = createEngine(activeRules(register, range), layout);

export const cases: RealShapeCase[] = readdirSync(REAL_SHAPES)
  .filter((name) => name.endsWith('.expect.yaml'))
  .sort()
  .map((name) => {
    const id = name.replace(/\.expect\.yaml$/, '');
    const expectation = parse(readFileSync(path.join(REAL_SHAPES, name), 'utf8')) as Expectation;
    const raw = readFileSync(path.join(REAL_SHAPES, id, expectation.file), 'utf8');
    return { id, expectation, raw, text: raw.replace(/^\uFEFF/, '') };
  });

/**
 * The findings of the check on a case's file (or on another text in its place), as a scan gets them: the
 * prefilter first (a file it does not pass and the engine does not always read is not matched), then the
 * rules of the anchors it found.
 */
export function checkCase(item: RealShapeCase, text: string = item.text) {
  const bytes = Buffer.from(text);
  const rootPath = item.expectation.file;
  if (!engine.prefilter.hits(bytes) && !engine.readsAlways(rootPath)) return [];
  return engine.checkText({ path: `${item.id}/${rootPath}`, rootPath }, text, engine.prefilter.anchorsIn(bytes)).findings;
}
