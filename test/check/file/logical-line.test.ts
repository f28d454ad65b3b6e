import { describe, expect, it } from 'vitest';
import { logicalLine } from '../../../src/check/file/logical-line.ts';
import { createSourceText } from '../../../src/check/file/source-text.ts';

describe('logical line', () => {
  it('spans the lines a command is continued over with \\ or a PowerShell backtick', () => {
    const source = createSourceText(
      'echo a\ncurl \\\n  -X POST \\\n  "$URL"\nInvoke-WebRequest `\n  -Method Post\necho b\n',
      'hash',
    );
    for (const line of [2, 3, 4]) expect(logicalLine(source, line), `line ${line}`).toEqual({ first: 2, last: 4 });
    expect(logicalLine(source, 6)).toEqual({ first: 5, last: 6 });
    expect(logicalLine(source, 1)).toEqual({ first: 1, last: 1 });
  });

  it('stops after 50 lines either way', () => {
    const source = createSourceText('x \\\n'.repeat(200), 'hash');
    expect(logicalLine(source, 100)).toEqual({ first: 50, last: 150 });
  });
});
