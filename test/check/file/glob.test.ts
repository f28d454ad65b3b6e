import { describe, expect, it } from 'vitest';
import { compileGlob } from '../../../src/check/file/glob.ts';

describe('compileGlob', () => {
  it('spans folders with ** and stays in one with *', () => {
    expect(compileGlob('**/config.yml', '.gitlab').test('config.yml')).toBe(true);
    expect(compileGlob('**/config.yml', '.gitlab').test('a/b/config.yml')).toBe(true);
    expect(compileGlob('src/*.js', '.gitlab').test('src/a/b.js')).toBe(false);
    expect(compileGlob('**/*.{yml,yaml}', '.gitlab').test('x/y.yaml')).toBe(true);
  });

  it('matches the file name anywhere when the glob has no slash, as .gitignore does', () => {
    expect(compileGlob('database.yml', '.gitlab').test('config/database.yml')).toBe(true);
  });

  it('replaces {config_dir}', () => {
    expect(compileGlob('{config_dir}/analytics/*.yaml', 'conf').test('conf/analytics/a.yaml')).toBe(true);
  });

  it('spans folders with a trailing **, and keeps ? to one character of one folder', () => {
    expect(compileGlob('src/**', '.gitlab').test('src/a/b.js')).toBe(true);
    expect(compileGlob('src/**', '.gitlab').test('lib/a.js')).toBe(false);
    expect(compileGlob('file?.yml', '.gitlab').test('file1.yml')).toBe(true);
    expect(compileGlob('file?.yml', '.gitlab').test('file.yml')).toBe(false);
    expect(compileGlob('file?.yml', '.gitlab').test('file12.yml')).toBe(false);
    expect(compileGlob('a/b?c', '.gitlab').test('a/b/c')).toBe(false);
  });

  it('reads every choice of {a,b}, and a { without its } as itself', () => {
    expect(compileGlob('**/*.{yml,yaml}', '.gitlab').test('x/y.yml')).toBe(true);
    expect(compileGlob('x{a,b}.yml', '.gitlab').test('xa.yml')).toBe(true);
    expect(compileGlob('x{a,b}.yml', '.gitlab').test('xc.yml')).toBe(false);
    expect(compileGlob('a{b.yml', '.gitlab').test('dir/a{b.yml')).toBe(true);
    expect(compileGlob('a{b.yml', '.gitlab').test('ab.yml')).toBe(false);
  });

  it('matches a glob without a slash against the whole file name only', () => {
    expect(compileGlob('database.yml', '.gitlab').test('config/other.yml')).toBe(false);
    expect(compileGlob('database.yml', '.gitlab').test('config/my-database.yml')).toBe(false);
  });

  it('drops the slashes a configuration folder ends with', () => {
    for (const configDir of ['conf', 'conf/', 'conf//']) {
      expect(compileGlob('{config_dir}/a.yaml', configDir).test('conf/a.yaml'), configDir).toBe(true);
    }
  });
});
