import { isGsm7Char } from '../../contract/segments';
import { encodeGsm7 } from '../smpp-wire/gsm7';
import { TLV, intTlv, shortMessagePdu } from '../smpp-wire/pdu-types';
import { DATA_CODING, encodeUcs2 } from '../smpp-wire/sms-text';
import type { CarrierConfig } from './carrier-config';
import { submitFieldsOf, type SubmitFields } from './esme-session';

// A message as the submit_sm a carrier takes: GSM-7 when every character has a septet, else UCS-2; one PDU when it
// fits a segment, else split as the carrier asks (a UDH with an 8-bit reference, the sar_* TLVs, or the whole text in
// message_payload). A part never cuts an escape pair or a surrogate pair, so the parts are the segments the console
// billed, and every part asks for a receipt: the record's state comes from all of them.

export interface Outbound {
  sourceAddr: string;
  /** the source's type of number and plan when they are not the carrier's configured ones (source-address.ts) */
  sourceTon?: number;
  sourceNpi?: number;
  destinationAddr: string;
  text: string;
  /** the long-message reference, 0-255 (the caller's counter per destination). */
  ref: number;
}

/** Parts a long message may have: the UDH and sar_total_segments count them in one octet. */
export const MAX_PARTS = 255;
/** Octets message_payload holds: its length is a 16-bit field. */
export const MAX_PAYLOAD_OCTETS = 0xffff;

/** A message that cannot be put into submit_sm for this carrier (too long for any of the long-message forms). */
export class UnencodableMessage extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnencodableMessage';
  }
}

type Carrier = Pick<CarrierConfig, 'longMessages' | 'sourceTon' | 'sourceNpi' | 'destTon' | 'destNpi'>;

/** The text in pieces that may not be split: a character's octets in the coding. */
function pieces(text: string): { dataCoding: number; octets: Buffer[]; single: number; multi: number } {
  const chars = Array.from(text);
  if (chars.every(isGsm7Char))
    return {
      dataCoding: DATA_CODING.defaultAlphabet,
      octets: chars.map((c) => encodeGsm7(c)),
      single: 160,
      multi: 153,
    };
  return { dataCoding: DATA_CODING.ucs2, octets: chars.map((c) => encodeUcs2(c)), single: 140, multi: 134 };
}

export function carrierSubmits(m: Outbound, carrier: Carrier): SubmitFields[] {
  const { dataCoding, octets, single, multi } = pieces(m.text);
  const base = {
    sourceAddr: m.sourceAddr,
    destinationAddr: m.destinationAddr,
    sourceAddrTon: m.sourceTon ?? carrier.sourceTon,
    sourceAddrNpi: m.sourceNpi ?? carrier.sourceNpi,
    destAddrTon: carrier.destTon,
    destAddrNpi: carrier.destNpi,
    dataCoding,
    registeredDelivery: 1,
  };
  const body = Buffer.concat(octets);
  if (body.length <= single) return [submitFieldsOf(shortMessagePdu('submit_sm', { ...base, shortMessage: body }))];
  if (carrier.longMessages === 'payload') {
    if (body.length > MAX_PAYLOAD_OCTETS)
      throw new UnencodableMessage(`${body.length} octets do not fit message_payload (${MAX_PAYLOAD_OCTETS} at most)`);
    return [
      submitFieldsOf(
        shortMessagePdu('submit_sm', {
          ...base,
          shortMessage: Buffer.alloc(0),
          tlvs: [{ tag: TLV.message_payload, value: body }],
        }),
      ),
    ];
  }
  const parts: Buffer[] = [];
  let current: Buffer[] = [];
  let used = 0;
  for (const piece of octets) {
    if (used + piece.length > multi) {
      parts.push(Buffer.concat(current));
      current = [];
      used = 0;
    }
    current.push(piece);
    used += piece.length;
  }
  parts.push(Buffer.concat(current));
  // a count past one octet would wrap: part 256 would be numbered 0 and the carrier could join nothing
  if (parts.length > MAX_PARTS)
    throw new UnencodableMessage(`${parts.length} parts are more than the ${MAX_PARTS} a long message may have`);
  const ref = m.ref & 0xff;
  return parts.map((part, i) => {
    if (carrier.longMessages === 'sar')
      return submitFieldsOf(
        shortMessagePdu('submit_sm', {
          ...base,
          shortMessage: part,
          tlvs: [
            intTlv(TLV.sar_msg_ref_num, ref, 2),
            intTlv(TLV.sar_total_segments, parts.length, 1),
            intTlv(TLV.sar_segment_seqnum, i + 1, 1),
          ],
        }),
      );
    const udh = Buffer.from([0x05, 0x00, 0x03, ref, parts.length, i + 1]);
    return submitFieldsOf(
      shortMessagePdu('submit_sm', { ...base, esmClass: 0x40, shortMessage: Buffer.concat([udh, part]) }),
    );
  });
}
