import { HEADER_OCTETS } from './pdu-codec';

/** Largest command_length accepted: a submit_sm with a full message_payload fits, a runaway length does not. */
export const DEFAULT_MAX_PDU_OCTETS = 64 * 1024;

export class FramingError extends Error {
  constructor(
    message: string,
    readonly commandLength: number,
  ) {
    super(message);
    this.name = 'FramingError';
  }
}

/**
 * Splits a TCP byte stream into whole PDUs by their command_length. A length below the header or above the bound
 * cannot be resynchronised, so it is an error that ends the reader: the stream is lost from there on.
 */
export class PduFrameReader {
  private pending: Buffer = Buffer.alloc(0);
  private broken: FramingError | null = null;

  constructor(private readonly maxPduOctets: number = DEFAULT_MAX_PDU_OCTETS) {}

  /** Whole frames completed by this chunk, in order, and the framing error met after them (then on every call). */
  push(chunk: Buffer): { frames: Buffer[]; error: FramingError | null } {
    if (this.broken) return { frames: [], error: this.broken };
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: Buffer[] = [];
    let offset = 0;
    while (this.pending.length - offset >= 4) {
      const length = this.pending.readUInt32BE(offset);
      if (length < HEADER_OCTETS || length > this.maxPduOctets) {
        this.pending = Buffer.alloc(0);
        this.broken = new FramingError(`command_length ${length} is outside ${HEADER_OCTETS}..${this.maxPduOctets}`, length);
        return { frames, error: this.broken };
      }
      if (this.pending.length - offset < length) break;
      frames.push(this.pending.subarray(offset, offset + length));
      offset += length;
    }
    this.pending = offset === 0 ? this.pending : Buffer.from(this.pending.subarray(offset));
    return { frames, error: null };
  }

  /** Octets received but not yet a whole frame. */
  get buffered(): number {
    return this.pending.length;
  }
}
