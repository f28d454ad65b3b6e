import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentError, formatProblem } from '../../../src/register/content-error.ts';
import { loadRegister } from '../../../src/register/index.ts';
import { readRegisterFolder } from '../../../src/register/merge/read-register-folder.ts';
import { mergeRegisterFolders, registerFoldersFromEnv } from '../../../src/register/merge/register-folders.ts';
import { loadSiteRegisters } from '../../../src/register/merge/site-registers.ts';

const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-folder-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function write(relative: string, text: string) {
  const file = path.join(work, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}
const entry = (id: string, release: string, more = '') =>
  `id: ${id}\ntitle: A change\narea: ci\nkind: removal\nremoved_in: "${release}"\nbreaking: false\nofferings: [hosted]\nsummary: S.\nmigration: M.\n${more}`;

describe('readRegisterFolder', () => {
  it('reads entries, areas and upgrade stops', async () => {
    write('good/register/18.0/mine.yaml', entry('mine', '18.0'));
    write('good/upgrade-path.yaml', '- release: "17.3"\n  note: A stop.\n');
    write('good/areas.yaml', '- id: own-area\n  title: Own\n  description: Ours.\n');
    const folder = await readRegisterFolder('good', work);
    expect(folder.problems).toEqual([]);
    expect(folder.entries.map((item) => item.id)).toEqual(['mine']);
    expect(folder.stops).toEqual([{ release: '17.3', note: 'A stop.' }]);
    expect(folder.areas.map((area) => area.id)).toEqual(['own-area']);
    expect(folder.files.get('mine')).toBe(path.join('good', 'register', '18.0', 'mine.yaml'));
  });

  it('places every problem at its file and line, as the built-in content does', async () => {
    write('bad/register/18.0/wrong-name.yaml', entry('other-id', '18.0'));
    write('bad/register/17.0/moved.yaml', entry('moved', '18.0'));
    write('bad/register/18.0/typo.yaml', entry('typo', '18.0', 'breakng: true\n'));
    write('bad/register/18.0/number.yaml', entry('number', '18.0').replace('removed_in: "18.0"', 'removed_in: 18.10'));
    const folder = await readRegisterFolder('bad', work);
    expect(folder.problems.map(formatProblem).sort()).toEqual([
      'bad/register/17.0/moved.yaml:5:1 removed_in: removed_in "18.0" does not match the folder "17.0"',
      'bad/register/18.0/number.yaml:5:1 removed_in: release 18.10 is a number: quote it as a string ("18.10"), because YAML reads an unquoted release as a number and drops trailing zeros',
      'bad/register/18.0/typo.yaml:10:1 unknown field "breakng"; check the spelling against the schema',
      'bad/register/18.0/wrong-name.yaml:1:1 id: id "other-id" must equal the file name "wrong-name"',
    ]);
  });

  it('refuses a folder that is missing or holds no register', async () => {
    expect((await readRegisterFolder('missing', work)).problems).toEqual([
      { file: 'missing', message: 'the register folder does not exist (make one with sunset import --out)' },
    ]);
    mkdirSync(path.join(work, 'empty'));
    expect((await readRegisterFolder('empty', work)).problems[0]?.message).toMatch(/not a register folder/);
  });
});

describe('mergeRegisterFolders', () => {
  it('merges folders into the built-in register, or throws every problem of theirs', async () => {
    const builtIn = await loadRegister();
    const { register, conflicts } = await mergeRegisterFolders(builtIn, ['good'], work);
    expect(register.entry('mine')?.title).toBe('A change');
    expect(register.upgradeStops).toEqual([{ release: '17.3', note: 'A stop.' }]);
    expect(conflicts).toEqual([]);
    expect(register.entries.length).toBe(builtIn.entries.length + 1);
    const failure = await mergeRegisterFolders(builtIn, ['good', 'bad'], work).catch((error) => error);
    expect(failure).toBeInstanceOf(ContentError);
    expect((failure as ContentError).problems).toHaveLength(4);
  });

  it('reads the folders SUNSET_REGISTER names, separated as in PATH', () => {
    expect(registerFoldersFromEnv({ SUNSET_REGISTER: ` a${path.delimiter}b ${path.delimiter}` })).toEqual(['a', 'b']);
    expect(registerFoldersFromEnv({})).toEqual([]);
  });

  it('gives the site the built-in register as it is without SUNSET_REGISTER', async () => {
    const builtIn = await loadRegister();
    expect(await loadSiteRegisters(builtIn, {})).toBe(builtIn);
  });
});
