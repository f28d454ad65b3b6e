import { describe, expect, it } from 'vitest';
import { parseServerArgs } from '../../../src/reference/server-args.ts';

describe('the local server command line', () => {
  it('reads --port, --host, --data-dir and --trust-proxy, in either form, over PORT and HOST', () => {
    expect(parseServerArgs(['--port', '0', '--host=0.0.0.0', '--data-dir', 'data', '--trust-proxy'], {})).toEqual({
      port: 0,
      host: '0.0.0.0',
      dataDir: 'data',
      trustProxy: true,
    });
    expect(parseServerArgs([], { PORT: '9000', HOST: '127.0.0.1' })).toEqual({ port: 9000, host: '127.0.0.1' });
    expect(parseServerArgs(['--port', '9001'], { PORT: '9000' }).port).toBe(9001);
  });

  it('refuses what it cannot use, naming the option', () => {
    expect(() => parseServerArgs(['--port', '70000'], {})).toThrow('--port: "70000" is not a port number (0 to 65535)');
    expect(() => parseServerArgs(['--port', '1e3'], {})).toThrow('--port: "1e3" is not a port number');
    expect(() => parseServerArgs([], { PORT: 'x' })).toThrow('PORT: "x" is not a port number');
    expect(() => parseServerArgs(['--data-dir'], {})).toThrow('--data-dir needs a value');
    expect(() => parseServerArgs(['--data-dir='], {})).toThrow('--data-dir needs a value');
    expect(() => parseServerArgs(['--verbose'], {})).toThrow(
      'unknown option --verbose; the options are --port, --host, --data-dir and --trust-proxy',
    );
  });
});
