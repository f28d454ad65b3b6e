import { describe, expect, it } from 'vitest';
import { buildDsn, parseDsn } from '../../../src/reference/errors/dsn.ts';

describe('DSN', () => {
  it('is built from the scheme, host and port the request came in on', () => {
    expect(buildDsn('http://localhost:8787/api/v4/projects/1/error_tracking/client_keys', 'abc', 1)).toBe(
      'http://abc@localhost:8787/api/v4/error_tracking/collector/1',
    );
    expect(buildDsn('https://errors.example.com/x', 'abc', 42)).toBe(
      'https://abc@errors.example.com/api/v4/error_tracking/collector/42',
    );
  });

  it('parses back to its key and project', () => {
    expect(parseDsn('http://abc@127.0.0.1:9000/api/v4/error_tracking/collector/7')).toEqual({ publicKey: 'abc', projectId: 7 });
    expect(parseDsn('https://abc:secret@errors.example.com/12')).toEqual({ publicKey: 'abc', projectId: 12 });
  });

  it('rejects strings without a key or a numeric project id', () => {
    expect(parseDsn('not a url')).toBeUndefined();
    expect(parseDsn('http://localhost/api/v4/error_tracking/collector/1')).toBeUndefined();
    expect(parseDsn('http://abc@localhost/api/v4/error_tracking/collector/x')).toBeUndefined();
  });
});
