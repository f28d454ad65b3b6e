import { describe, expect, it } from 'vitest';
import { asUtf8, isBinary } from '../../src/check/scan/scan-files.ts';
import { runCli } from '../check/run-cli.ts';
import { tempTree } from '../check/scan/temp-tree.ts';

const CI = 'build:\n  script:\n    - echo ok\n    - curl -H "JOB-TOKEN: $CI_JOB_JWT" https://example.com\n';

/** Bytes of `text` as UTF-16 with a byte-order mark, as some Windows editors save a file. */
function utf16(text: string, order: 'le' | 'be'): Buffer {
  const little = Buffer.from(`\uFEFF${text}`, 'utf16le');
  return order === 'le' ? little : little.swap16();
}

const findings = async (bytes: Uint8Array) => {
  const root = tempTree({ '.gitlab-ci.yml': bytes });
  const result = await runCli(['check', '.', '--to', '18.0', '--format', 'json', '--rule', 'ci-job-jwt-removed'], root);
  const report = JSON.parse(result.stdout) as { findings: { line: number; column: number }[]; summary: { skipped: number } };
  return { code: result.code, places: report.findings.map((f) => `${f.line}:${f.column}`), skipped: report.summary.skipped };
};

describe('text encodings', () => {
  it('reads a CI file in UTF-16 (either byte order) as text, at the same place as in UTF-8', async () => {
    const plain = await findings(Buffer.from(CI));
    expect(plain).toEqual({ code: 1, places: ['4:28'], skipped: 0 });
    expect(await findings(utf16(CI, 'le'))).toEqual(plain);
    expect(await findings(utf16(CI, 'be'))).toEqual(plain);
  });

  it('reads UTF-8 with a byte-order mark, counting columns after the mark', async () => {
    expect(await findings(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CI)]))).toEqual({
      code: 1,
      places: ['4:28'],
      skipped: 0,
    });
  });

  it('still takes NUL bytes without a UTF-16 mark for binary', async () => {
    const bytes = Buffer.from(CI, 'utf16le');
    expect(asUtf8(bytes)).toBe(bytes);
    expect(isBinary(asUtf8(bytes))).toBe(true);
    expect(await findings(bytes)).toEqual({ code: 0, places: [], skipped: 1 });
  });

  it('transcodes only a whole mark: one byte, or a half mark, stays as it is', () => {
    expect(asUtf8(Buffer.from([0xff]))).toEqual(Buffer.from([0xff]));
    expect(asUtf8(Buffer.from([0xff, 0x41]))).toEqual(Buffer.from([0xff, 0x41]));
    expect(asUtf8(Buffer.from([0xff, 0xfe]))).toEqual(Buffer.alloc(0));
    expect(asUtf8(utf16('é', 'be')).toString('utf8')).toBe('é');
  });
});
