import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { load } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegister, type Register } from '../../src/register/index.ts';

/**
 * The spec's items, transcribed: each coverage file lists the spec's rows and list items for one part, in
 * spec order, with the register ids that model each. The counts below are the number of items the spec
 * has in that part, so dropping a transcribed item or a file fails here.
 */
const EXPECTED_ITEMS: Record<string, number> = {
  '16.x-19-20.yaml': 52,
  '17.x.yaml': 87,
  '18.0.yaml': 56,
  'data.yaml': 63,
};

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

interface CoverageItem {
  item: string;
  entries: string[];
  part?: string;
}

async function readCoverage(): Promise<Map<string, CoverageItem[]>> {
  const dir = path.join(FIXTURES, 'spec-coverage');
  const files = (await readdir(dir)).filter((name) => name.endsWith('.yaml')).sort();
  const out = new Map<string, CoverageItem[]>();
  for (const file of files) out.set(file, load(await readFile(path.join(dir, file), 'utf8')) as CoverageItem[]);
  return out;
}

/** Every identifier filed under `names` anywhere in the register, plus the flag names. */
function allNames(register: Register): Set<string> {
  const names = new Set<string>(register.flags.flags.map((flag) => flag.name));
  const add = (record: Record<string, string[] | undefined>) => {
    for (const list of Object.values(record)) for (const name of list ?? []) names.add(name);
  };
  for (const entry of register.entries) add(entry.names);
  for (const limit of register.limits) add(limit.names);
  for (const error of register.errors) add(error.names);
  return names;
}

describe('the spec, transcribed', () => {
  let register: Register;
  let coverage: Map<string, CoverageItem[]>;
  beforeAll(async () => {
    register = await loadRegister();
    coverage = await readCoverage();
  });

  it('has every part of the spec, with the number of items the spec lists', () => {
    expect(Object.fromEntries([...coverage].map(([file, items]) => [file, items.length]))).toEqual(EXPECTED_ITEMS);
  });

  it('models every transcribed item with ids that exist', () => {
    const known = new Set<string>([
      ...register.entries.map((entry) => entry.id),
      ...register.limits.map((limit) => limit.id),
      ...register.errors.map((error) => error.id),
      ...register.endpoints.map((endpoint) => endpoint.id),
      ...register.flags.flags.map((flag) => flag.name),
      ...register.sdks.map((sdk) => sdk.language),
      ...register.areas.map((area) => area.id),
    ]);
    const dangling = [...coverage].flatMap(([file, items]) =>
      items.flatMap((item) =>
        item.entries.length === 0
          ? [`${file}: "${item.item}" has no ids`]
          : item.entries.filter((id) => !known.has(id)).map((id) => `${file}: ${id}`),
      ),
    );
    expect(dangling).toEqual([]);
  });

  it('traces every register entry back to an item of the spec', () => {
    const covered = new Set([...coverage.values()].flatMap((items) => items.flatMap((item) => item.entries)));
    expect(register.entries.map((entry) => entry.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  it('records the future v5 of the REST API, for runner status, with what the spec leaves open', () => {
    const restApi = register.areas.find((area) => area.id === 'rest-api');
    expect(restApi?.future_versions).toEqual([
      { version: 'v5', concerns: 'runner status', not_shown: 'when it comes, and how long v4 stays supported' },
    ]);
    expect(register.areas.filter((area) => (area.future_versions ?? []).length > 0).map((area) => area.id)).toEqual(['rest-api']);
  });

  it('records that the REST API and GraphQL have registers of their own, and only those two', () => {
    expect(register.areas.filter((area) => area.separate_register).map((area) => area.id)).toEqual(['graphql', 'rest-api']);
  });

  it('files every identifier the spec puts in backticks under names', async () => {
    const expected = load(await readFile(path.join(FIXTURES, 'spec-identifiers.yaml'), 'utf8')) as Record<string, string[]>;
    const names = allNames(register);
    const missing = Object.entries(expected).flatMap(([part, list]) =>
      list.filter((name) => !names.has(name)).map((name) => `${part}: ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
