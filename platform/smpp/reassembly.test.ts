import { describe, expect, it } from 'vitest';
import { STATUS } from '../smpp-wire/command-status';
import { encodeGsm7 } from '../smpp-wire/gsm7';
import { ESM_CLASS, TLV, intTlv, shortMessagePdu, type ShortMessagePdu } from '../smpp-wire/pdu-types';
import { ReassemblyBuffer, receiptTargets } from './reassembly';
import { encodeUcs2 } from '../smpp-wire/sms-text';

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const base = { sourceAddr: '10690001', destinationAddr: '8613800138000' };

function udh8(ref: number, total: number, seq: number, body: Buffer, extraIe?: Buffer): ShortMessagePdu {
  const ies = Buffer.concat([extraIe ?? Buffer.alloc(0), Buffer.from([0x00, 0x03, ref, total, seq])]);
  return shortMessagePdu('submit_sm', {
    ...base,
    esmClass: ESM_CLASS.udhi,
    shortMessage: Buffer.concat([Buffer.from([ies.length]), ies, body]),
  });
}

function udh16(ref: number, total: number, seq: number, body: Buffer, dataCoding = 0): ShortMessagePdu {
  const h = Buffer.from([0x06, 0x08, 0x04, ref >> 8, ref & 0xff, total, seq]);
  return shortMessagePdu('submit_sm', {
    ...base,
    dataCoding,
    esmClass: ESM_CLASS.udhi,
    shortMessage: Buffer.concat([h, body]),
  });
}

function sar(ref: number, total: number, seq: number, body: Buffer, registeredDelivery = 0): ShortMessagePdu {
  return shortMessagePdu('submit_sm', {
    ...base,
    registeredDelivery,
    shortMessage: body,
    tlvs: [
      intTlv(TLV.sar_msg_ref_num, ref, 2),
      intTlv(TLV.sar_total_segments, total, 1),
      intTlv(TLV.sar_segment_seqnum, seq, 1),
    ],
  });
}

const text = 'a'.repeat(153) + 'b'.repeat(153) + 'c'.repeat(20);
const parts = [text.slice(0, 153), text.slice(153, 306), text.slice(306)].map((t) => encodeGsm7(t));

describe('long message reassembly', () => {
  it('UDH with IE 0x00, out of order, after another IE', () => {
    const c = clock();
    const buf = new ReassemblyBuffer({ timeoutMs: 10_000, now: c.now });
    const port = Buffer.from([0x05, 0x04, 0x0b, 0x84, 0x23, 0xf0]);
    expect(buf.add('acct', udh8(7, 3, 3, parts[2], port), 'id3')).toEqual({ kind: 'partial', received: 1, total: 3 });
    expect(buf.add('acct', udh8(7, 3, 1, parts[0], port), 'id1')).toEqual({ kind: 'partial', received: 2, total: 3 });
    const done = buf.add('acct', udh8(7, 3, 2, parts[1], port), 'id2');
    expect(done.kind).toBe('complete');
    if (done.kind !== 'complete') return;
    expect(done.message).toMatchObject({
      text,
      form: 'udh8',
      segments: 3,
      dataCoding: 0,
      partIds: ['id1', null, 'id3'],
    });
    expect(done.message.pdus).toHaveLength(3);
    expect(buf.size).toBe(0);
  });

  it('UDH with IE 0x08 (16-bit reference) in UCS-2, a surrogate pair split over the parts', () => {
    const buf = new ReassemblyBuffer({ timeoutMs: 10_000, now: clock().now });
    const u = encodeUcs2('你好😀世界');
    expect(buf.add('acct', udh16(0x1234, 2, 1, u.subarray(0, 6), 8)).kind).toBe('partial');
    const done = buf.add('acct', udh16(0x1234, 2, 2, u.subarray(6), 8));
    expect(done.kind === 'complete' && done.message).toMatchObject({
      text: '你好😀世界',
      form: 'udh16',
      dataCoding: 8,
      segments: 1,
    });
  });

  it('sar_* TLVs; a receipt asked for on the first part only applies to the whole message', () => {
    const buf = new ReassemblyBuffer({ timeoutMs: 10_000, now: clock().now });
    expect(buf.add('acct', sar(300, 3, 1, parts[0], 1)).kind).toBe('partial');
    expect(buf.add('acct', sar(300, 3, 2, parts[1])).kind).toBe('partial');
    const done = buf.add('acct', sar(300, 3, 3, parts[2]));
    expect(done.kind === 'complete' && done.message).toMatchObject({
      text,
      form: 'sar',
      segments: 3,
      registeredDelivery: 1,
    });
  });

  it('message_payload: one PDU, counted in segments', () => {
    const buf = new ReassemblyBuffer({ timeoutMs: 10_000, now: clock().now });
    const pdu = shortMessagePdu('submit_sm', {
      ...base,
      tlvs: [{ tag: TLV.message_payload, value: encodeGsm7(text) }],
    });
    const done = buf.add('acct', pdu);
    expect(done.kind === 'complete' && done.message).toMatchObject({
      text,
      form: 'payload',
      segments: 3,
      partIds: [null],
    });
  });

  it('keeps messages apart by scope, addresses and reference; a repeated part counts once', () => {
    const buf = new ReassemblyBuffer({ timeoutMs: 10_000, now: clock().now });
    buf.add('a', udh8(1, 2, 1, encodeGsm7('x')));
    buf.add('b', udh8(1, 2, 1, encodeGsm7('y')));
    buf.add('a', udh8(2, 2, 1, encodeGsm7('z')));
    expect(buf.add('a', udh8(1, 2, 1, encodeGsm7('x')))).toEqual({ kind: 'partial', received: 1, total: 2 });
    expect(buf.size).toBe(3);
    const done = buf.add('b', udh8(1, 2, 2, encodeGsm7('Y')));
    expect(done.kind === 'complete' && done.message.text).toBe('yY');
  });

  it('drops an incomplete message after the timeout, counted from its latest part', () => {
    const c = clock();
    const buf = new ReassemblyBuffer({ timeoutMs: 5_000, now: c.now });
    buf.add('acct', sar(9, 3, 1, parts[0]), 'p1');
    c.advance(4_000);
    buf.add('acct', sar(9, 3, 2, parts[1]), 'p2');
    c.advance(4_000);
    expect(buf.expire()).toEqual([]);
    c.advance(1_000);
    const [expired, ...rest] = buf.expire();
    expect(rest).toEqual([]);
    expect(expired).toMatchObject({ scope: 'acct', received: 2, total: 3, partIds: ['p1', 'p2'] });
    expect(buf.size).toBe(0);
    expect(buf.add('acct', sar(9, 3, 3, parts[2]))).toEqual({ kind: 'partial', received: 1, total: 3 });
  });

  it('refuses malformed headers and parameters', () => {
    const buf = new ReassemblyBuffer({ timeoutMs: 5_000, now: clock().now, maxPendingPerScope: 1 });
    const bad = (pdu: ShortMessagePdu) => buf.add('acct', pdu);
    expect(
      bad(shortMessagePdu('submit_sm', { ...base, esmClass: 0x40, shortMessage: Buffer.from([9, 0, 3, 1]) })),
    ).toMatchObject({
      status: STATUS.RINVESMCLASS,
    });
    expect(
      bad(shortMessagePdu('submit_sm', { ...base, esmClass: 0x40, shortMessage: Buffer.from([4, 0, 2, 1, 2]) })),
    ).toMatchObject({
      status: STATUS.RINVESMCLASS,
    });
    expect(bad(udh8(1, 2, 3, Buffer.from('x')))).toMatchObject({ status: STATUS.RINVESMCLASS });
    expect(bad(udh8(1, 2, 0, Buffer.from('x')))).toMatchObject({ status: STATUS.RINVESMCLASS });
    expect(bad(sar(1, 0, 1, Buffer.from('x')))).toMatchObject({ status: STATUS.RINVOPTPARAMVAL });
    const partial = shortMessagePdu('submit_sm', { ...base, tlvs: [intTlv(TLV.sar_msg_ref_num, 1, 2)] });
    expect(bad(partial)).toMatchObject({ status: STATUS.RMISSINGOPTPARAM });
    const both = shortMessagePdu('submit_sm', {
      ...base,
      shortMessage: Buffer.from('a'),
      tlvs: [{ tag: TLV.message_payload, value: Buffer.from('b') }],
    });
    expect(bad(both)).toMatchObject({ status: STATUS.RINVOPTPARAMVAL });
    expect(bad(udh8(1, 2, 1, Buffer.from('x'))).kind).toBe('partial');
    expect(bad(udh8(2, 2, 1, Buffer.from('x')))).toMatchObject({ status: STATUS.RMSGQFUL });
  });

  it('a single part marked 1 of 1, and a UDH without concatenation, are whole messages', () => {
    const buf = new ReassemblyBuffer({ timeoutMs: 5_000, now: clock().now });
    expect(buf.add('acct', udh8(1, 1, 1, encodeGsm7('one'))).kind).toBe('complete');
    const portOnly = shortMessagePdu('submit_sm', {
      ...base,
      esmClass: 0x40,
      dataCoding: 4,
      shortMessage: Buffer.from([6, 5, 4, 0x0b, 0x84, 0x23, 0xf0, 0xde, 0xad]),
    });
    const done = buf.add('acct', portOnly);
    expect(done.kind === 'complete' && done.message).toMatchObject({
      text: null,
      body: Buffer.from([0xde, 0xad]),
      segments: 1,
    });
  });
});

describe('receipt targets', () => {
  it('one per part that asked, with the id that part was answered with', () => {
    const buf = new ReassemblyBuffer({ timeoutMs: 5_000, now: clock().now });
    buf.add('acct', sar(5, 3, 1, parts[0], 1), 'first');
    buf.add('acct', sar(5, 3, 3, parts[2], 2), 'third');
    const done = buf.add('acct', sar(5, 3, 2, parts[1], 0), 'second');
    if (done.kind !== 'complete') throw new Error('incomplete');
    expect(receiptTargets(done.message, 'final')).toEqual([
      { id: 'first', registeredDelivery: 1 },
      { id: 'third', registeredDelivery: 2 },
    ]);
    const single = buf.add(
      'acct',
      shortMessagePdu('submit_sm', { ...base, registeredDelivery: 0x11, shortMessage: encodeGsm7('hi') }),
    );
    if (single.kind !== 'complete') throw new Error('incomplete');
    expect(receiptTargets(single.message, 'only')).toEqual([{ id: 'only', registeredDelivery: 1 }]);
  });
});

describe('bounds on what incomplete long messages hold', () => {
  const part = (ref: number, seq: number, octets: number) => udh8(ref, 3, seq, Buffer.alloc(octets, 0x41));

  it('refuses parts past the session and scope bounds in count and octets with ESME_RMSGQFUL, and frees them on expiry', () => {
    const c = clock();
    const buf = new ReassemblyBuffer({ timeoutMs: 1000, now: c.now, maxPartsPerScope: 4, maxOctetsPerScope: 1000 });
    // a session holds half the scope's bound: 2 parts, 500 octets
    expect(buf.add('acct', part(1, 1, 100), 'a', 's1').kind).toBe('partial');
    expect(buf.add('acct', part(2, 1, 100), 'b', 's1').kind).toBe('partial');
    expect(buf.add('acct', part(3, 1, 100), 'c', 's1')).toMatchObject({ kind: 'invalid', status: STATUS.RMSGQFUL });
    expect(buf.add('acct', part(4, 1, 450), 'd', 's2').kind).toBe('partial');
    expect(buf.add('acct', part(5, 1, 100), 'e', 's2')).toMatchObject({
      kind: 'invalid',
      status: STATUS.RMSGQFUL,
      reason: expect.stringContaining('octets'),
    });
    // the scope is at 3 parts and 650 octets: a third session's small part fits, a fourth does not
    expect(buf.add('acct', part(6, 1, 10), 'f', 's3').kind).toBe('partial');
    expect(buf.add('acct', part(7, 1, 10), 'g', 's3')).toMatchObject({ kind: 'invalid', status: STATUS.RMSGQFUL });
    // another scope is not held back
    expect(buf.add('other', part(1, 1, 100), 'h', 's4').kind).toBe('partial');
    c.advance(1000);
    expect(
      buf
        .expire()
        .flatMap((e) => e.partIds)
        .sort(),
    ).toEqual(['a', 'b', 'd', 'f', 'h']);
    expect(buf.add('acct', part(8, 1, 100), 'i', 's1').kind).toBe('partial');
  });
});
