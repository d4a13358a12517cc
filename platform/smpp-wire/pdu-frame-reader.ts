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

/** The header of a frame longer than the bound that the reader skipped rather than took. */
export interface SkippedFrame {
  commandLength: number;
  commandId: number;
  sequenceNumber: number;
}

/**
 * Splits a TCP byte stream into whole PDUs by their command_length. A length below the header cannot be
 * resynchronised, so it is an error that ends the reader: the stream is lost from there on. A length above the bound
 * is the same error, unless the reader was made with `skipOversized`: then the frame's octets are passed over as they
 * come (never buffered) and its header is reported in `skipped`, so the owner can answer it and read on.
 */
export class PduFrameReader {
  private pending: Buffer = Buffer.alloc(0);
  private broken: FramingError | null = null;
  /** octets of a skipped frame still to pass over. */
  private skipping = 0;

  constructor(
    private readonly maxPduOctets: number = DEFAULT_MAX_PDU_OCTETS,
    private readonly opts: { skipOversized?: boolean } = {},
  ) {}

  /** Whole frames completed by this chunk, in order, and the framing error met after them (then on every call);
   * `skipped` lists the oversized frames passed over (only with `skipOversized`, and only when there were some). */
  push(chunk: Buffer): { frames: Buffer[]; error: FramingError | null; skipped?: SkippedFrame[] } {
    if (this.broken) return { frames: [], error: this.broken };
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: Buffer[] = [];
    const skipped: SkippedFrame[] = [];
    const answer = (error: FramingError | null) =>
      skipped.length > 0 ? { frames, error, skipped } : { frames, error };
    let offset = 0;
    for (;;) {
      if (this.skipping > 0) {
        const n = Math.min(this.skipping, this.pending.length - offset);
        offset += n;
        this.skipping -= n;
        if (this.skipping > 0) break;
      }
      if (this.pending.length - offset < 4) break;
      const length = this.pending.readUInt32BE(offset);
      if (length > this.maxPduOctets && this.opts.skipOversized) {
        if (this.pending.length - offset < HEADER_OCTETS) break;
        skipped.push({
          commandLength: length,
          commandId: this.pending.readUInt32BE(offset + 4),
          sequenceNumber: this.pending.readUInt32BE(offset + 12),
        });
        this.skipping = length;
        continue;
      }
      if (length < HEADER_OCTETS || length > this.maxPduOctets) {
        this.pending = Buffer.alloc(0);
        this.broken = new FramingError(
          `command_length ${length} is outside ${HEADER_OCTETS}..${this.maxPduOctets}`,
          length,
        );
        return answer(this.broken);
      }
      if (this.pending.length - offset < length) break;
      frames.push(this.pending.subarray(offset, offset + length));
      offset += length;
    }
    this.pending = offset === 0 ? this.pending : Buffer.from(this.pending.subarray(offset));
    return answer(null);
  }

  /** Octets received but not yet a whole frame. */
  get buffered(): number {
    return this.pending.length;
  }
}
