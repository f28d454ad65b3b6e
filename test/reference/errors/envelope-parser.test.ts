import { describe, expect, it } from 'vitest';
import { parseEnvelope, utf8 } from '../../../src/reference/errors/envelope-parser.ts';
import { ApiError } from '../../../src/reference/platform/api-error.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const rejection = (text: string): ApiError => {
  try {
    parseEnvelope(bytes(text));
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
};

describe('envelope parser', () => {
  it('reads items with and without length, with or without the trailing newline', () => {
    const text = '{"event_id":"x"}\n{"type":"event","length":7}\n{"a":1}\n{"type":"session"}\n{"b":2}';
    const envelope = parseEnvelope(bytes(text));
    expect(envelope.header).toEqual({ event_id: 'x' });
    expect(envelope.items.map((item) => [item.type, utf8(item.payload)])).toEqual([
      ['event', '{"a":1}'],
      ['session', '{"b":2}'],
    ]);
    expect(parseEnvelope(bytes(`${text}\n`)).items).toHaveLength(2);
  });

  it('counts length in bytes, so payloads may hold newlines and multi-byte text', () => {
    const payload = '{"m":"ü\\n"}\n';
    const length = bytes(payload).length;
    const envelope = parseEnvelope(bytes(`{}\n{"type":"attachment","length":${length}}\n${payload}\n{"type":"event"}\n{}`));
    expect(utf8(envelope.items[0]?.payload ?? new Uint8Array())).toBe(payload);
    expect(envelope.items[1]?.type).toBe('event');
  });

  it('keeps byte offsets right in a body that is not all ASCII or not valid UTF-8', () => {
    const attachment = Uint8Array.of(0xff, 0x0a, 0x80, 0x41);
    const head = bytes(`{}\n{"type":"attachment","length":${attachment.length}}\n`);
    const tail = bytes('\n{"type":"event"}\n{"m":"é"}\n');
    const envelope = parseEnvelope(Uint8Array.from([...head, ...attachment, ...tail]));
    expect([...(envelope.items[0]?.payload ?? [])]).toEqual([...attachment]);
    expect(envelope.items[1]?.text()).toBe('{"m":"é"}');
  });

  it('accepts an envelope with a header only', () => {
    expect(parseEnvelope(bytes('{"event_id":"x"}')).items).toEqual([]);
  });

  it('rejects an empty body, a bad header and items without a type', () => {
    expect(rejection('').message).toMatch(/empty/);
    expect(rejection('[1]\n').message).toMatch(/envelope header \(line 1\) must be a JSON object/);
    expect(rejection('{"a":\n').message).toMatch(/envelope header \(line 1\) is not valid JSON/);
    expect(rejection('{}\n{"length":2}\n{}').message).toMatch(/item 1 needs a "type"/);
  });

  it('rejects a length that runs past the end, naming the item', () => {
    const error = rejection('{}\n{"type":"event","length":50}\n{"a":1}');
    expect(error.status).toBe(400);
    expect(error.message).toBe('envelope item 1 (event) declares length 50 but only 7 bytes follow; the envelope is truncated');
  });

  it('rejects a length that is not a whole number', () => {
    expect(rejection('{}\n{"type":"event","length":-1}\n{}').message).toMatch(/whole number of bytes/);
  });
});
