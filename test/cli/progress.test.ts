import { describe, expect, it } from 'vitest';
import { progressLine } from '../../src/cli/progress.ts';

const stream = (isTTY: boolean) => {
  const out = { text: '', isTTY, asked: 0 };
  const of = () => {
    out.asked++;
    return { write: (text: string) => (out.text += text), isTTY };
  };
  return { out, of };
};

describe('progressLine', () => {
  it('rewrites one line on a terminal, at most every 200 ms but always at the end, and clears it', () => {
    const { out, of } = stream(true);
    let now = 1000;
    const progress = progressLine(of, 'reading reports', () => now);
    progress.update(1, 3);
    now += 50;
    progress.update(2, 3);
    progress.update(3, 3);
    progress.end();
    expect(out.text).toBe('\r\x1b[Ksunset: reading reports 1 of 3\r\x1b[Ksunset: reading reports 3 of 3\r\x1b[K');
  });

  it('writes nothing where standard error is not a terminal (a CI log), and asks for the stream only once it must', () => {
    const { out, of } = stream(false);
    const progress = progressLine(of, 'files found');
    expect(out.asked).toBe(0);
    progress.update(1000);
    progress.update(2000);
    progress.end();
    expect(out.text).toBe('');
    expect(out.asked).toBe(1);
  });
});
