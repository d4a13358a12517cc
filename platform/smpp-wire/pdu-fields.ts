import { STATUS } from './command-status';
import { TLV, type Tlv } from './pdu-types';

/** Octets a C-octet string field may take, its terminating NUL included. */
export const FIELD_MAX = {
  systemId: 16,
  /** The SMPP 3.4 field holds 8 characters (9 octets), but a sub-account's interface password may have up to 10
   * characters and binds must accept it whole, so 10 characters and the NUL are read and written. */
  password: 11,
  systemType: 13,
  addressRange: 41,
  serviceType: 6,
  address: 21,
  time: 17,
  messageId: 65,
  shortMessage: 254,
} as const;

/** The length SMPP 3.4 itself gives the password field, NUL included. */
export const SMPP34_PASSWORD_OCTETS = 9;

/** A PDU whose frame was sound but whose body is not: the session answers it and carries on. */
export class PduDecodeError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly commandId: number,
    readonly sequenceNumber: number,
  ) {
    super(message);
    this.name = 'PduDecodeError';
  }
}

export class BodyReader {
  offset: number;
  constructor(
    private readonly buf: Buffer,
    start: number,
    private readonly commandId: number,
    private readonly sequenceNumber: number,
  ) {
    this.offset = start;
  }

  get remaining(): number {
    return this.buf.length - this.offset;
  }

  fail(message: string, status: number): never {
    throw new PduDecodeError(message, status, this.commandId, this.sequenceNumber);
  }

  u8(field: string): number {
    if (this.remaining < 1) this.fail(`body ends before ${field}`, STATUS.RINVCMDLEN);
    return this.buf.readUInt8(this.offset++);
  }

  cString(field: string, maxOctets: number, status: number): string {
    const end = this.buf.indexOf(0, this.offset);
    if (end < 0) this.fail(`${field} has no terminating NUL`, STATUS.RINVCMDLEN);
    if (end - this.offset + 1 > maxOctets) this.fail(`${field} is longer than ${maxOctets - 1} characters`, status);
    const s = this.buf.toString('latin1', this.offset, end);
    this.offset = end + 1;
    return s;
  }

  octets(field: string, length: number): Buffer {
    if (this.remaining < length) this.fail(`body ends inside ${field}`, STATUS.RINVCMDLEN);
    const b = Buffer.from(this.buf.subarray(this.offset, this.offset + length));
    this.offset += length;
    return b;
  }

  tlvs(): Tlv[] {
    const out: Tlv[] = [];
    while (this.remaining > 0) {
      if (this.remaining < 4) this.fail('a truncated optional parameter header', STATUS.RINVOPTPARSTREAM);
      const tag = this.buf.readUInt16BE(this.offset);
      const length = this.buf.readUInt16BE(this.offset + 2);
      this.offset += 4;
      if (this.remaining < length)
        this.fail(`optional parameter 0x${tag.toString(16)} runs past the PDU`, STATUS.RINVOPTPARSTREAM);
      const value = Buffer.from(this.buf.subarray(this.offset, this.offset + length));
      this.offset += length;
      const problem = tlvLengthProblem(tag, length);
      if (problem) this.fail(problem, STATUS.RINVPARLEN);
      out.push({ tag, value });
    }
    return out;
  }
}

const FIXED_TLV_LENGTHS = new Map<number, number>([
  [TLV.sar_msg_ref_num, 2],
  [TLV.sar_total_segments, 1],
  [TLV.sar_segment_seqnum, 1],
  [TLV.sc_interface_version, 1],
  [TLV.message_state, 1],
  [TLV.network_error_code, 3],
]);

function tlvLengthProblem(tag: number, length: number): string | null {
  const fixed = FIXED_TLV_LENGTHS.get(tag);
  if (fixed !== undefined && fixed !== length)
    return `optional parameter 0x${tag.toString(16)} must be ${fixed} octets, not ${length}`;
  if (tag === TLV.receipted_message_id && length > FIELD_MAX.messageId) return 'receipted_message_id is too long';
  return null;
}

type KeysOf<P, V> = { [K in keyof P]-?: P[K] extends V ? K : never }[keyof P] & string;

/** One field of a PDU body: its SMPP name, the property of the PDU it fills, and its wire form. A C-octet string
 * longer than its bound is refused with its own status (ESME_RINVSRCADR for source_addr, ...); an octet string is
 * short_message, written after its one-octet sm_length. */
export type BodyField<P> =
  | { kind: 'u8'; name: string; key: KeysOf<P, number> }
  | { kind: 'c-string'; name: string; key: KeysOf<P, string>; maxOctets: number; status: number }
  | { kind: 'short-message'; name: string; key: KeysOf<P, Buffer> };

export const u8 = <P>(name: string, key: KeysOf<P, number>): BodyField<P> => ({ kind: 'u8', name, key });

export const cString = <P>(name: string, key: KeysOf<P, string>, maxOctets: number, status: number): BodyField<P> => ({
  kind: 'c-string',
  name,
  key,
  maxOctets,
  status,
});

export const shortMessage = <P>(key: KeysOf<P, Buffer>): BodyField<P> => ({
  kind: 'short-message',
  name: 'short_message',
  key,
});

/** A PDU body walked one way or the other by its one list of fields. */
export interface BodyLayout {
  /** the fields, in wire order, onto the PDU's properties */
  read(r: BodyReader, into: Record<string, unknown>): void;
  /** each field at its empty value: the body of an error response that came without one */
  empty(into: Record<string, unknown>): void;
  /** the PDU's properties as the fields, in wire order */
  write(w: BodyWriter, from: Record<string, unknown>): void;
}

export function bodyLayout<P>(fields: readonly BodyField<P>[]): BodyLayout {
  return {
    read(r, into) {
      for (const f of fields) {
        if (f.kind === 'u8') into[f.key] = r.u8(f.name);
        else if (f.kind === 'c-string') into[f.key] = r.cString(f.name, f.maxOctets, f.status);
        else {
          const smLength = r.u8('sm_length');
          if (smLength > FIELD_MAX.shortMessage)
            r.fail(`sm_length ${smLength} is over ${FIELD_MAX.shortMessage}`, STATUS.RINVMSGLEN);
          if (smLength > r.remaining) r.fail(`sm_length ${smLength} runs past the PDU`, STATUS.RINVMSGLEN);
          into[f.key] = r.octets(f.name, smLength);
        }
      }
    },
    empty(into) {
      for (const f of fields) into[f.key] = f.kind === 'u8' ? 0 : f.kind === 'c-string' ? '' : Buffer.alloc(0);
    },
    write(w, from) {
      // checked before anything is written, so a message too long is refused as that whatever else is wrong
      for (const f of fields)
        if (f.kind === 'short-message' && (from[f.key] as Buffer).length > FIELD_MAX.shortMessage)
          throw new RangeError(`${f.name} is over ${FIELD_MAX.shortMessage} octets`);
      for (const f of fields) {
        if (f.kind === 'u8') w.u8(from[f.key] as number);
        else if (f.kind === 'c-string') w.cString(f.name, from[f.key] as string, f.maxOctets);
        else {
          const octets = from[f.key] as Buffer;
          w.u8(octets.length).octets(octets);
        }
      }
    },
  };
}

export class BodyWriter {
  private readonly parts: Buffer[] = [];

  u8(v: number): this {
    this.parts.push(Buffer.from([v & 0xff]));
    return this;
  }

  cString(field: string, value: string, maxOctets: number): this {
    const b = Buffer.from(value, 'latin1');
    if (b.length + 1 > maxOctets) throw new RangeError(`${field} is longer than ${maxOctets - 1} characters`);
    if (b.includes(0)) throw new RangeError(`${field} contains a NUL`);
    this.parts.push(b, Buffer.alloc(1));
    return this;
  }

  octets(b: Buffer): this {
    this.parts.push(b);
    return this;
  }

  tlvs(list: Tlv[] | undefined): this {
    for (const t of list ?? []) {
      if (t.value.length > 0xffff)
        throw new RangeError(`optional parameter 0x${t.tag.toString(16)} is over 65535 octets`);
      const h = Buffer.alloc(4);
      h.writeUInt16BE(t.tag, 0);
      h.writeUInt16BE(t.value.length, 2);
      this.parts.push(h, t.value);
    }
    return this;
  }

  frame(commandId: number, commandStatus: number, sequenceNumber: number): Buffer {
    const body = Buffer.concat(this.parts);
    const header = Buffer.alloc(16);
    header.writeUInt32BE(16 + body.length, 0);
    header.writeUInt32BE(commandId >>> 0, 4);
    header.writeUInt32BE(commandStatus >>> 0, 8);
    header.writeUInt32BE(sequenceNumber >>> 0, 12);
    return Buffer.concat([header, body]);
  }
}
