/**
 * Envelopes: a JSON header line, then items, each a JSON header line `{type, length?}` and a payload of
 * exactly `length` bytes when given, else up to the next newline. The trailing newline is optional.
 * Parsing is all-or-nothing: any fault rejects the whole envelope with a 400 that names the item.
 */
import { ApiError } from '../platform/api-error.ts';
import { isObject } from './field-readers.ts';

/** One item: its header and its raw payload. */
export interface EnvelopeItem {
  /** 1-based position in the envelope, for messages. */
  index: number;
  type: string;
  header: Record<string, unknown>;
  payload: Uint8Array;
  /** The payload decoded from UTF-8. */
  text(): string;
}

/** A parsed envelope. */
export interface Envelope {
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

const NEWLINE = 0x0a;
const decoder = new TextDecoder();

/** Decodes UTF-8 bytes to text. */
export const utf8 = (bytes: Uint8Array): string => decoder.decode(bytes);

/**
 * The envelope's bytes, and its text when every byte is ASCII (as SDKs' JSON almost always is): then a byte
 * offset is a character offset, so the body is decoded once and each line is a slice of it.
 */
interface Source {
  bytes: Uint8Array;
  ascii: string | undefined;
}

function sourceOf(bytes: Uint8Array): Source {
  const text = decoder.decode(bytes);
  // Any non-ASCII sequence decodes to fewer characters than bytes, or to U+FFFD when it is not UTF-8.
  return { bytes, ascii: text.length === bytes.length && !text.includes('\uFFFD') ? text : undefined };
}

/** The text of bytes `start` to `end`. */
const textOf = (source: Source, start: number, end: number): string =>
  source.ascii === undefined ? utf8(source.bytes.subarray(start, end)) : source.ascii.slice(start, end);

/** An item whose payload is bytes `start` to `end` of the envelope, viewed or decoded only when asked for. */
class Item implements EnvelopeItem {
  readonly index: number;
  readonly type: string;
  readonly header: Record<string, unknown>;
  private readonly source: Source;
  private readonly start: number;
  private readonly end: number;

  constructor(index: number, type: string, header: Record<string, unknown>, source: Source, start: number, end: number) {
    this.index = index;
    this.type = type;
    this.header = header;
    this.source = source;
    this.start = start;
    this.end = end;
  }

  get payload(): Uint8Array {
    return this.source.bytes.subarray(this.start, this.end);
  }

  text(): string {
    return textOf(this.source, this.start, this.end);
  }
}

/** Parses JSON that must be an object, or rejects naming `where`. */
export function parseJsonObject(text: string, where: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, `${where} is not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(value)) throw new ApiError(400, `${where} must be a JSON object; got ${describe(value)}`);
  return value;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** The end of the line starting at `start`: the index of its newline, or the end of the bytes. */
function lineEnd({ bytes, ascii }: Source, start: number): number {
  const index = ascii === undefined ? bytes.indexOf(NEWLINE, start) : ascii.indexOf('\n', start);
  return index === -1 ? bytes.length : index;
}

function isBlank(bytes: Uint8Array, start: number, end: number): boolean {
  for (let at = start; at < end; at++) {
    const byte = bytes[at];
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  }
  return true;
}

function readItemHeader(source: Source, start: number, end: number, index: number) {
  const header = parseJsonObject(textOf(source, start, end), `the header of envelope item ${index}`);
  if (typeof header.type !== 'string' || header.type === '') {
    throw new ApiError(400, `the header of envelope item ${index} needs a "type" string such as "event"`);
  }
  const { length } = header;
  if (length !== undefined && length !== null && !(Number.isInteger(length) && (length as number) >= 0)) {
    throw new ApiError(
      400,
      `envelope item ${index} (${header.type}) has length ${JSON.stringify(length)}; it must be a whole number of bytes`,
    );
  }
  return { header, type: header.type, length: typeof length === 'number' ? length : undefined };
}

/** Splits envelope bytes into its header and items; rejects a malformed envelope with a 400. */
export function parseEnvelope(bytes: Uint8Array): Envelope {
  const source = sourceOf(bytes);
  let end = lineEnd(source, 0);
  if (isBlank(bytes, 0, end)) throw new ApiError(400, 'the envelope is empty; its first line must be a JSON header');
  const header = parseJsonObject(textOf(source, 0, end), 'the envelope header (line 1)');
  const items: EnvelopeItem[] = [];
  let at = end + 1;
  while (at < bytes.length) {
    end = lineEnd(source, at);
    // Blank lines between items carry nothing; some clients end with an extra newline.
    if (isBlank(bytes, at, end)) {
      at = end + 1;
      continue;
    }
    const index = items.length + 1;
    const item = readItemHeader(source, at, end, index);
    const start = end + 1;
    let payloadEnd: number;
    if (item.length === undefined) {
      payloadEnd = start > bytes.length ? start : lineEnd(source, start);
    } else {
      payloadEnd = start + item.length;
      if (payloadEnd > bytes.length) {
        const left = Math.max(0, bytes.length - start);
        throw new ApiError(
          400,
          `envelope item ${index} (${item.type}) declares length ${item.length} but only ${left} bytes follow; the envelope is truncated`,
        );
      }
    }
    items.push(new Item(index, item.type, item.header, source, start, payloadEnd));
    at = payloadEnd;
    if (bytes[at] === NEWLINE) at++;
  }
  return { header, items };
}
