import { countSegments } from '../../contract/segments';
import { decodeGsm7, encodeGsm7, isGsm7Encodable } from './gsm7';

/** data_coding values the server reads as text or bytes. */
export const DATA_CODING = {
  defaultAlphabet: 0,
  ia5: 1,
  octetUnspecified: 2,
  latin1: 3,
  binary: 4,
  ucs2: 8,
} as const;

export function isBinaryCoding(dataCoding: number): boolean {
  return dataCoding === DATA_CODING.binary || dataCoding === DATA_CODING.octetUnspecified;
}

export function isSupportedCoding(dataCoding: number): boolean {
  return [0, 1, 2, 3, 4, 8].includes(dataCoding);
}

/** UCS-2 as SMPP carries it: big-endian UTF-16 (surrogate pairs pass through); a stray last octet is dropped. */
export function decodeUcs2(b: Buffer): string {
  const even = b.subarray(0, b.length - (b.length % 2));
  const swapped = Buffer.from(even);
  swapped.swap16();
  return swapped.toString('utf16le');
}

export function encodeUcs2(text: string): Buffer {
  const b = Buffer.from(text, 'utf16le');
  b.swap16();
  return b;
}

/** A message body of this data_coding as text; null for binary codings (their octets are the message). */
export function decodeText(dataCoding: number, body: Buffer): string | null {
  switch (dataCoding) {
    case DATA_CODING.defaultAlphabet:
      return decodeGsm7(body);
    case DATA_CODING.ia5:
      return body.toString('latin1').replace(/[\x80-\xff]/g, '?');
    case DATA_CODING.latin1:
      return body.toString('latin1');
    case DATA_CODING.ucs2:
      return decodeUcs2(body);
    default:
      return null;
  }
}

/** The coding a text goes out in (receipts and replies): GSM-7 when every character has a septet, else UCS-2. */
export function encodeText(text: string): { dataCoding: number; body: Buffer } {
  if (isGsm7Encodable(text)) return { dataCoding: DATA_CODING.defaultAlphabet, body: encodeGsm7(text) };
  return { dataCoding: DATA_CODING.ucs2, body: encodeUcs2(text) };
}

const BINARY_SINGLE = 140;
const BINARY_MULTI = 134;

/**
 * Segments a message is billed as. Text is counted by the console's own rule on the decoded text, whatever coding it
 * arrived in, so a text sent over SMPP costs what the same text costs from the console; binary by its octets.
 */
export function billedSegments(text: string | null, octets: number): number {
  if (text !== null) return Math.max(1, countSegments(text).segments);
  if (octets <= BINARY_SINGLE) return 1;
  return Math.ceil(octets / BINARY_MULTI);
}
