import { STATUS } from './command-status';
import { ESM_CLASS, TLV, findTlv, tlvInt, type ShortMessagePdu } from './pdu-types';

export type LongForm = 'udh8' | 'udh16' | 'sar';

export interface PartInfo {
  form: LongForm;
  ref: number;
  total: number;
  seq: number;
}

export interface SplitPart {
  /** null for a message that is whole in one PDU. */
  part: PartInfo | null;
  /** the user data header as sent (concatenation element included), or null. */
  udh: Buffer | null;
  /** the message octets after any header. */
  body: Buffer;
  /** the octets came in message_payload. */
  fromPayload: boolean;
}

export type SplitResult = SplitPart | { status: number; reason: string };

const IE_CONCAT_8 = 0x00;
const IE_CONCAT_16 = 0x08;

function parseUdh(data: Buffer): { udh: Buffer; body: Buffer; part: PartInfo | null } | string {
  if (data.length < 1) return 'esm_class announces a user data header but the message is empty';
  const udhl = data[0];
  if (data.length < 1 + udhl) return `the user data header length ${udhl} runs past the message`;
  let part: PartInfo | null = null;
  let i = 1;
  while (i < 1 + udhl) {
    if (i + 2 > 1 + udhl) return 'a truncated information element in the user data header';
    const iei = data[i];
    const iel = data[i + 1];
    const v = i + 2;
    if (v + iel > 1 + udhl) return `information element 0x${iei.toString(16)} runs past the user data header`;
    if (iei === IE_CONCAT_8) {
      if (iel !== 3) return 'the 8-bit concatenation element must be 3 octets';
      part = { form: 'udh8', ref: data[v], total: data[v + 1], seq: data[v + 2] };
    } else if (iei === IE_CONCAT_16) {
      if (iel !== 4) return 'the 16-bit concatenation element must be 4 octets';
      part = { form: 'udh16', ref: data.readUInt16BE(v), total: data[v + 2], seq: data[v + 3] };
    }
    i = v + iel;
  }
  return { udh: data.subarray(0, 1 + udhl), body: data.subarray(1 + udhl), part };
}

/** Reads which part of which long message a submit_sm is, in any of the three forms clients use. */
export function splitPart(pdu: ShortMessagePdu): SplitResult {
  const payload = findTlv(pdu, TLV.message_payload);
  if (payload && pdu.shortMessage.length > 0)
    return { status: STATUS.RINVOPTPARAMVAL, reason: 'both short_message and message_payload are set' };
  const data = payload ?? pdu.shortMessage;
  let udh: Buffer | null = null;
  let body = data;
  let part: PartInfo | null = null;
  if ((pdu.esmClass & ESM_CLASS.udhi) !== 0) {
    const parsed = parseUdh(data);
    if (typeof parsed === 'string') return { status: STATUS.RINVESMCLASS, reason: parsed };
    ({ udh, body, part } = parsed);
  }
  if (!part) {
    const ref = tlvInt(pdu, TLV.sar_msg_ref_num);
    const total = tlvInt(pdu, TLV.sar_total_segments);
    const seq = tlvInt(pdu, TLV.sar_segment_seqnum);
    const given = [ref, total, seq].filter((v) => v !== undefined).length;
    if (given > 0 && given < 3)
      return {
        status: STATUS.RMISSINGOPTPARAM,
        reason: 'sar_msg_ref_num, sar_total_segments and sar_segment_seqnum go together',
      };
    if (given === 3) part = { form: 'sar', ref: ref!, total: total!, seq: seq! };
  }
  if (part) {
    if (part.total < 1 || part.seq < 1 || part.seq > part.total) {
      const status = part.form === 'sar' ? STATUS.RINVOPTPARAMVAL : STATUS.RINVESMCLASS;
      return { status, reason: `part ${part.seq} of ${part.total} is not a valid part` };
    }
    if (part.total === 1) part = null;
  }
  return { part, udh, body, fromPayload: payload !== undefined };
}
