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
});
