import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../../src/reference/host/client-address.ts';

describe('the client address', () => {
  it('is the socket address unless proxies are trusted', () => {
    expect(clientAddress('203.0.113.9', '10.0.0.1', 0)).toBe('10.0.0.1');
    expect(clientAddress(undefined, '10.0.0.1', 2)).toBe('10.0.0.1');
  });

  it('is the address N hops from the right of X-Forwarded-For and the socket', () => {
    const chain = '198.51.100.7, 203.0.113.1, 192.0.2.5';
    expect(clientAddress(chain, '10.0.0.1', 1)).toBe('192.0.2.5');
    expect(clientAddress(chain, '10.0.0.1', 2)).toBe('203.0.113.1');
    expect(clientAddress(chain, '10.0.0.1', 3)).toBe('198.51.100.7');
    expect(clientAddress(chain, '10.0.0.1', 9)).toBe('198.51.100.7');
    expect(clientAddress(['198.51.100.7', '203.0.113.1'], '10.0.0.1', 2)).toBe('198.51.100.7');
    expect(clientAddress(' , 192.0.2.5 ,', '10.0.0.1', 1)).toBe('192.0.2.5');
  });
});
