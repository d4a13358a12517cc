import { describe, expect, it } from 'vitest';
import { STATUS } from './command-status';
import { decodePdu, encodePdu } from './pdu-codec';
import { FIELD_MAX, PduDecodeError } from './pdu-fields';
import { TLV, cStringTlv, intTlv, shortMessagePdu, tlvCString, tlvInt, type Pdu } from './pdu-types';

const bind = (over: Partial<Record<string, unknown>> = {}): Pdu =>
  ({
    command: 'bind_transceiver',
    commandStatus: 0,
    sequenceNumber: 7,
    systemId: 'acct01',
    password: 'secret',
    systemType: 'kannel',
    interfaceVersion: 0x34,
    addrTon: 1,
    addrNpi: 1,
    addressRange: '',
    tlvs: [],
    ...over,
  }) as Pdu;

function decodeError(frame: Buffer): PduDecodeError {
  try {
    decodePdu(frame);
  } catch (err) {
    if (err instanceof PduDecodeError) return err;
    throw err;
  }
  throw new Error('decoded without error');
}

/** A frame with a hand-made body, its header filled in. */
function frame(commandId: number, seq: number, body: Buffer): Buffer {
  const h = Buffer.alloc(16);
  h.writeUInt32BE(16 + body.length, 0);
  h.writeUInt32BE(commandId, 4);
  h.writeUInt32BE(0, 8);
  h.writeUInt32BE(seq, 12);
  return Buffer.concat([h, body]);
}

const cstr = (s: string) => Buffer.concat([Buffer.from(s, 'latin1'), Buffer.alloc(1)]);

/** A submit_sm body made by hand: source '1', destination '2', other fields empty or 0, then sm_length and the bytes. */
const submitBody = (smLength: number, message: Buffer): Buffer =>
  Buffer.concat([
    cstr(''),
    Buffer.from([0, 0]),
    cstr('1'),
    Buffer.from([0, 0]),
    cstr('2'),
    Buffer.from([0, 0, 0]),
    cstr(''),
    cstr(''),
    Buffer.from([0, 0, 0, 0, smLength]),
    message,
  ]);

describe('PDU codec round trips', () => {
  const cases: Pdu[] = [
    bind(),
    bind({ command: 'bind_transmitter' }),
    bind({ command: 'bind_receiver', systemType: '' }),
    {
      command: 'bind_transceiver_resp',
      commandStatus: 0,
      sequenceNumber: 7,
      systemId: 'SMSC',
      tlvs: [intTlv(TLV.sc_interface_version, 0x34, 1)],
    },
    { command: 'unbind', commandStatus: 0, sequenceNumber: 9, tlvs: [] },
    { command: 'unbind_resp', commandStatus: 0, sequenceNumber: 9, tlvs: [] },
    { command: 'enquire_link', commandStatus: 0, sequenceNumber: 10, tlvs: [] },
    { command: 'enquire_link_resp', commandStatus: 0, sequenceNumber: 10, tlvs: [] },
    { command: 'generic_nack', commandStatus: STATUS.RINVCMDID, sequenceNumber: 11, tlvs: [] },
    shortMessagePdu('submit_sm', {
      sequenceNumber: 12,
      sourceAddr: '10690001',
      destinationAddr: '8613800138000',
      registeredDelivery: 1,
      dataCoding: 8,
      shortMessage: Buffer.from([0x4f, 0x60, 0x59, 0x7d]),
      tlvs: [
        intTlv(TLV.sar_msg_ref_num, 513, 2),
        intTlv(TLV.sar_total_segments, 2, 1),
        intTlv(TLV.sar_segment_seqnum, 1, 1),
        { tag: 0x1403, value: Buffer.from('x') },
      ],
    }),
    shortMessagePdu('deliver_sm', {
      sequenceNumber: 13,
      sourceAddr: '8613800138000',
      destinationAddr: '10690001',
      esmClass: 4,
      shortMessage: Buffer.from('id:abc stat:DELIVRD'),
      tlvs: [
        cStringTlv(TLV.receipted_message_id, 'abc'),
        intTlv(TLV.message_state, 2, 1),
        { tag: TLV.network_error_code, value: Buffer.from([3, 0, 0]) },
      ],
    }),
    { command: 'submit_sm_resp', commandStatus: 0, sequenceNumber: 12, messageId: 'm'.repeat(64), tlvs: [] },
    { command: 'deliver_sm_resp', commandStatus: 0, sequenceNumber: 13, messageId: '', tlvs: [] },
    {
      command: 'query_sm',
      commandStatus: 0,
      sequenceNumber: 14,
      messageId: 'abc',
      sourceAddrTon: 0,
      sourceAddrNpi: 0,
      sourceAddr: '1069',
      tlvs: [],
    },
    {
      command: 'query_sm_resp',
      commandStatus: 0,
      sequenceNumber: 14,
      messageId: 'abc',
      finalDate: '261126025000000+',
      messageState: 2,
      errorCode: 0,
      tlvs: [],
    },
  ];
  for (const pdu of cases) {
    it(`${pdu.command} survives encode then decode`, () => {
      const wire = encodePdu(pdu);
      expect(wire.readUInt32BE(0)).toBe(wire.length);
      expect(decodePdu(wire)).toEqual(pdu);
    });
  }

  it('keeps unknown TLVs and reads known ones', () => {
    const pdu = cases[9];
    const back = decodePdu(encodePdu(pdu));
    expect(tlvInt(back, TLV.sar_msg_ref_num)).toBe(513);
    expect(back.tlvs?.find((t) => t.tag === 0x1403)?.value.toString()).toBe('x');
    expect(tlvCString(decodePdu(encodePdu(cases[10])), TLV.receipted_message_id)).toBe('abc');
  });

  it('an error submit_sm_resp goes without a body and decodes from a bare header', () => {
    const wire = encodePdu({
      command: 'submit_sm_resp',
      commandStatus: STATUS.RTHROTTLED,
      sequenceNumber: 3,
      messageId: '',
    });
    expect(wire.length).toBe(16);
    expect(decodePdu(wire)).toMatchObject({
      command: 'submit_sm_resp',
      commandStatus: STATUS.RTHROTTLED,
      messageId: '',
    });
    const bindResp = frame(0x80000009, 4, Buffer.alloc(0));
    bindResp.writeUInt32BE(STATUS.RINVPASWD, 8);
    expect(decodePdu(bindResp)).toMatchObject({ command: 'bind_transceiver_resp', systemId: '' });
  });
});

describe('field limits', () => {
  const limits: Array<[string, keyof typeof FIELD_MAX, number, (v: string) => Pdu]> = [
    ['system_id', 'systemId', STATUS.RINVSYSID, (v) => bind({ systemId: v })],
    ['password', 'password', STATUS.RINVPASWD, (v) => bind({ password: v })],
    ['system_type', 'systemType', STATUS.RINVSYSTYP, (v) => bind({ systemType: v })],
    ['address_range', 'addressRange', STATUS.RINVPARLEN, (v) => bind({ addressRange: v })],
    [
      'source_addr',
      'address',
      STATUS.RINVSRCADR,
      (v) => shortMessagePdu('submit_sm', { sourceAddr: v, destinationAddr: '1' }),
    ],
    [
      'destination_addr',
      'address',
      STATUS.RINVDSTADR,
      (v) => shortMessagePdu('submit_sm', { sourceAddr: '1', destinationAddr: v }),
    ],
    [
      'service_type',
      'serviceType',
      STATUS.RINVSERTYP,
      (v) => shortMessagePdu('submit_sm', { sourceAddr: '1', destinationAddr: '2', serviceType: v }),
    ],
    [
      'schedule_delivery_time',
      'time',
      STATUS.RINVSCHED,
      (v) => shortMessagePdu('submit_sm', { sourceAddr: '1', destinationAddr: '2', scheduleDeliveryTime: v }),
    ],
    [
      'validity_period',
      'time',
      STATUS.RINVEXPIRY,
      (v) => shortMessagePdu('submit_sm', { sourceAddr: '1', destinationAddr: '2', validityPeriod: v }),
    ],
    [
      'message_id',
      'messageId',
      STATUS.RINVMSGID,
      (v) => ({ command: 'submit_sm_resp', commandStatus: 0, sequenceNumber: 1, messageId: v }),
    ],
  ];
  for (const [field, key, status, make] of limits) {
    it(`${field}: ${FIELD_MAX[key] - 1} characters pass, one more is refused both ways`, () => {
      const max = 'a'.repeat(FIELD_MAX[key] - 1);
      expect(decodePdu(encodePdu(make(max)))).toMatchObject(make(max));
      expect(() => encodePdu(make(max + 'a'))).toThrow(RangeError);
      // built by hand: swap the too-long value in on the wire
      const wire = encodePdu(make(max));
      const at = wire.indexOf(Buffer.from(max + '\0', 'latin1'));
      const longer = Buffer.concat([
        wire.subarray(0, at),
        Buffer.from(max + 'a', 'latin1'),
        wire.subarray(at + max.length),
      ]);
      longer.writeUInt32BE(longer.length, 0);
      const err = decodeError(longer);
      expect(err.status).toBe(status);
      expect(err.sequenceNumber).toBe(make(max).sequenceNumber);
    });
  }

  it('passwords: the SMPP 3.4 length of 8 and the stored length of 10 both bind', () => {
    expect(decodePdu(encodePdu(bind({ password: '12345678' })))).toMatchObject({ password: '12345678' });
    expect(decodePdu(encodePdu(bind({ password: '1234567890' })))).toMatchObject({ password: '1234567890' });
  });

  it('short_message: 254 octets pass; 255 are not encoded', () => {
    const pdu = shortMessagePdu('submit_sm', {
      sequenceNumber: 5,
      sourceAddr: '1',
      destinationAddr: '2',
      shortMessage: Buffer.alloc(254, 0x41),
    });
    expect(decodePdu(encodePdu(pdu))).toMatchObject({ shortMessage: Buffer.alloc(254, 0x41) });
    expect(() => encodePdu({ ...pdu, shortMessage: Buffer.alloc(255) })).toThrow(RangeError);
  });
});

describe('malformed bodies carry the sequence number and a status', () => {
  it('a missing NUL', () => {
    const err = decodeError(frame(9, 42, Buffer.from('acct01')));
    expect(err).toMatchObject({ status: STATUS.RINVCMDLEN, sequenceNumber: 42, commandId: 9 });
  });
  it('a body cut short before its integers', () => {
    expect(decodeError(frame(9, 43, Buffer.concat([cstr('a'), cstr('b'), cstr('c')]))).status).toBe(STATUS.RINVCMDLEN);
  });
  for (const { what, seq, smLength, message } of [
    {
      what: 'sm_length 255, past the 254 octets a short message holds',
      seq: 5,
      smLength: 255,
      message: Buffer.alloc(255),
    },
    { what: 'sm_length beyond the PDU', seq: 44, smLength: 10, message: Buffer.alloc(3) },
  ]) {
    it(`submit_sm with ${what}: ESME_RINVMSGLEN`, () => {
      expect(decodeError(frame(4, seq, submitBody(smLength, message)))).toMatchObject({
        status: STATUS.RINVMSGLEN,
        sequenceNumber: seq,
      });
    });
  }
  it('a TLV running past the end, a truncated TLV header, a known TLV of the wrong size', () => {
    const ok = encodePdu({ command: 'submit_sm_resp', commandStatus: 0, sequenceNumber: 45, messageId: 'x' }).subarray(
      16,
    );
    const past = Buffer.concat([ok, Buffer.from([0x04, 0x24, 0x00, 0x10, 0x41])]);
    expect(decodeError(frame(0x80000004, 45, past)).status).toBe(STATUS.RINVOPTPARSTREAM);
    expect(decodeError(frame(0x80000004, 45, Buffer.concat([ok, Buffer.from([0x04])]))).status).toBe(
      STATUS.RINVOPTPARSTREAM,
    );
    const wrong = Buffer.concat([ok, Buffer.from([0x02, 0x0c, 0x00, 0x01, 0x05])]);
    expect(decodeError(frame(0x80000004, 45, wrong)).status).toBe(STATUS.RINVPARLEN);
  });
  it('an unknown command id', () => {
    expect(decodeError(frame(0x00000103, 46, Buffer.alloc(0)))).toMatchObject({
      status: STATUS.RINVCMDID,
      sequenceNumber: 46,
    });
  });
});
