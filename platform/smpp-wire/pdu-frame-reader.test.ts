import { describe, expect, it } from 'vitest';
import { encodePdu } from './pdu-codec';
import { PduFrameReader } from './pdu-frame-reader';

const enquire = (seq: number) => encodePdu({ command: 'enquire_link', commandStatus: 0, sequenceNumber: seq });

describe('PduFrameReader', () => {
  it('splits a stream cut at every possible place into the same frames', () => {
    const stream = Buffer.concat([enquire(1), enquire(2), enquire(3)]);
    for (let cut = 0; cut <= stream.length; cut++) {
      const r = new PduFrameReader();
      const a = r.push(stream.subarray(0, cut));
      const b = r.push(stream.subarray(cut));
      expect([...a.frames, ...b.frames].map((f) => f.readUInt32BE(12))).toEqual([1, 2, 3]);
      expect(a.error ?? b.error).toBeNull();
      expect(r.buffered).toBe(0);
    }
  });

  it('byte by byte', () => {
    const r = new PduFrameReader();
    const frames: Buffer[] = [];
    for (const byte of Buffer.concat([enquire(5), enquire(6)])) frames.push(...r.push(Buffer.from([byte])).frames);
    expect(frames.map((f) => f.readUInt32BE(12))).toEqual([5, 6]);
  });

  it('a command_length under 16 is a framing error after the frames before it', () => {
    const bad = Buffer.from([0, 0, 0, 8, 0, 0, 0, 21]);
    const r = new PduFrameReader();
    const out = r.push(Buffer.concat([enquire(1), bad]));
    expect(out.frames).toHaveLength(1);
    expect(out.error?.commandLength).toBe(8);
    expect(r.push(enquire(2))).toEqual({ frames: [], error: out.error });
  });

  it('a command_length over the bound is refused before its body arrives', () => {
    const r = new PduFrameReader(1024);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(1025);
    expect(r.push(head).error?.commandLength).toBe(1025);
    const ok = new PduFrameReader(1024);
    head.writeUInt32BE(1024);
    expect(ok.push(head).error).toBeNull();
  });

  it('0xffffffff (a text protocol talking to the port) is refused', () => {
    expect(new PduFrameReader().push(Buffer.from('GET / HTTP/1.1\r\n')).error).not.toBeNull();
  });

  it('with skipOversized, passes over a frame past the bound, wherever the stream is cut, and reads on', () => {
    const big = Buffer.alloc(3000, 0x41);
    big.writeUInt32BE(3000, 0);
    big.writeUInt32BE(0x00000005, 4);
    big.writeUInt32BE(77, 12);
    const stream = Buffer.concat([enquire(1), big, enquire(2)]);
    for (const cut of [0, 10, 16, 20, 25, 1000, 3015, 3016, stream.length - 3, stream.length]) {
      const r = new PduFrameReader(1024, { skipOversized: true });
      const a = r.push(stream.subarray(0, cut));
      const b = r.push(stream.subarray(cut));
      expect(
        [...a.frames, ...b.frames].map((f) => f.readUInt32BE(12)),
        `cut ${cut}`,
      ).toEqual([1, 2]);
      expect([...(a.skipped ?? []), ...(b.skipped ?? [])]).toEqual([
        { commandLength: 3000, commandId: 5, sequenceNumber: 77 },
      ]);
      expect(a.error ?? b.error).toBeNull();
      expect(r.buffered).toBe(0);
    }
  });
});
