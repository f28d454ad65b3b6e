import { describe, expect, it } from 'vitest';
import { readUpgradePath } from '../../src/import/upgrade-path.ts';

describe('readUpgradePath', () => {
  it('reads stops oldest first, each once, with their comments as notes', () => {
    const reading = readUpgradePath(
      'u.yml',
      '---\n# stops\n- major: 17\n  minor: 3\n- major: 16\n  minor: 11\n  comments: "**Long** migrations."\n- major: "17"\n  minor: "5"\n',
    );
    expect(reading).toEqual({
      stops: [{ release: '16.11', note: '**Long** migrations.' }, { release: '17.3' }, { release: '17.5' }],
      problems: [],
    });
  });

  it('leaves out a stop without whole numbers, or listed twice, and says where', () => {
    const reading = readUpgradePath(
      'u.yml',
      '- major: 16\n- major: 16\n  minor: x\n- major: 17\n  minor: 0\n- major: 17\n  minor: 0\n',
    );
    expect(reading.stops).toEqual([{ release: '17.0' }]);
    expect(reading.problems).toEqual([
      { file: 'u.yml', line: 1, reason: 'missing-field', message: 'stop 1 needs whole numbers for major and minor' },
      { file: 'u.yml', line: 2, reason: 'malformed-field', message: 'stop 2 needs whole numbers for major and minor' },
      { file: 'u.yml', line: 6, reason: 'duplicate-title', message: 'stop 17.0 is listed twice' },
    ]);
  });

  it('reads nothing from a file that is not YAML', () => {
    expect(readUpgradePath('u.yml', '- major: [16\n')).toMatchObject({
      stops: [],
      problems: [{ reason: 'yaml-error', file: 'u.yml' }],
    });
  });
});
