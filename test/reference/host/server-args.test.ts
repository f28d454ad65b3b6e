import { describe, expect, it } from 'vitest';
import { parseServerArgs } from '../../../src/reference/server-args.ts';

describe('the local server command line', () => {
  it('reads --port, --host, --data-dir, --trust-proxy and --allow-origin, in either form, over PORT and HOST', () => {
    expect(
      parseServerArgs(
        ['--port', '0', '--host=0.0.0.0', '--data-dir', 'data', '--trust-proxy', '--allow-origin', 'https://a.example'],
        {},
      ),
    ).toEqual({ port: 0, host: '0.0.0.0', dataDir: 'data', trustProxy: 1, allowOrigins: ['https://a.example'] });
    expect(parseServerArgs([], { PORT: '9000', HOST: '127.0.0.1' })).toEqual({ port: 9000, host: '127.0.0.1' });
    expect(parseServerArgs(['--port', '9001'], { PORT: '9000' }).port).toBe(9001);
  });

  it('takes an optional count of trusted proxies, and several origins', () => {
    expect(parseServerArgs(['--trust-proxy', '2', '--port', '1'], {})).toEqual({ trustProxy: 2, port: 1 });
    expect(parseServerArgs(['--trust-proxy=3'], {}).trustProxy).toBe(3);
    expect(parseServerArgs(['--trust-proxy', '--port', '1'], {})).toEqual({ trustProxy: 1, port: 1 });
    expect(
      parseServerArgs(['--allow-origin', 'https://a.example,http://localhost:3000', '--allow-origin=https://b.example'], {})
        .allowOrigins,
    ).toEqual(['https://a.example', 'http://localhost:3000', 'https://b.example']);
  });

  it('refuses what it cannot use, naming the option', () => {
    expect(() => parseServerArgs(['--port', '70000'], {})).toThrow('--port "70000" is not a port number from 0 to 65535');
    expect(() => parseServerArgs(['--port', '1e3'], {})).toThrow('--port "1e3" is not a port number');
    expect(() => parseServerArgs([], { PORT: 'x' })).toThrow('PORT "x" is not a port number');
    expect(() => parseServerArgs(['--data-dir'], {})).toThrow('--data-dir needs a value');
    expect(() => parseServerArgs(['--data-dir='], {})).toThrow('--data-dir needs a value');
    expect(() => parseServerArgs(['--trust-proxy=0'], {})).toThrow('--trust-proxy "0" is not a number of proxies from 1 to 10');
    expect(() => parseServerArgs(['--trust-proxy=x'], {})).toThrow('--trust-proxy "x" is not a number of proxies');
    for (const origin of ['null', '*', 'https://a.example/', 'https://a.example/path', 'ftp://a.example'])
      expect(() => parseServerArgs(['--allow-origin', origin], {}), origin).toThrow(
        `--allow-origin "${origin}" is not an origin`,
      );
    expect(() => parseServerArgs(['--verbose'], {})).toThrow(
      'unknown option --verbose; the options are --port, --host, --data-dir, --trust-proxy [N] and --allow-origin',
    );
  });
});
