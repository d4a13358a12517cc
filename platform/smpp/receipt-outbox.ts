import { TLV, cStringTlv, intTlv, shortMessagePdu } from '../smpp-wire/pdu-types';
import { buildReceiptText, messageStateOf, type ReceiptStat } from '../smpp-wire/receipt-text';
import { encodeText } from '../smpp-wire/sms-text';
import type { DeliverPdu } from './server-types';

// Receipts and replies wait in smpp_outbox until a receiver or transceiver bind of their account, on any instance,
// took them (receipt-delivery.ts); here is what they look like as deliver_sm.

/** A receipt or reply waiting for a bind, as claimed from smpp_outbox (the simulator carrier builds the same). */
export interface OutboxRow {
  id: string;
  kind: 'receipt' | 'mo';
  cus_id: string;
  message_ids: string[];
  mobile: string;
  client_addr: string;
  text: string;
  stat: string;
  err: string;
  submit_date: Date;
  done_date: Date;
}

/** The receipt deliver_sm for one part id (text of Appendix B, receipted_message_id and message_state). */
export function receiptPdu(row: OutboxRow, messageId: string): DeliverPdu {
  const text = buildReceiptText({
    id: messageId,
    submitted: 1,
    delivered: row.stat === 'DELIVRD' ? 1 : 0,
    submitDate: new Date(row.submit_date),
    doneDate: new Date(row.done_date),
    stat: row.stat as ReceiptStat,
    err: Number(row.err),
    text: row.text.replace(/[^\x20-\x7e]/g, '?'),
  });
  return deliverPdu(row, {
    esmClass: 0x04,
    dataCoding: 0,
    shortMessage: Buffer.from(text, 'latin1'),
    tlvs: [cStringTlv(TLV.receipted_message_id, messageId), intTlv(TLV.message_state, messageStateOf(row.stat), 1)],
  });
}

/** A deliver_sm from the row's phone to the client's address; the session numbers and sends it. */
function deliverPdu(
  row: OutboxRow,
  fields: Pick<DeliverPdu, 'esmClass' | 'dataCoding' | 'shortMessage' | 'tlvs'>,
): DeliverPdu {
  const {
    command: _c,
    sequenceNumber: _s,
    commandStatus: _st,
    ...pdu
  } = shortMessagePdu('deliver_sm', { sourceAddr: row.mobile, destinationAddr: row.client_addr, ...fields });
  return pdu;
}

/** The octets a reply may take in short_message before it goes in message_payload instead: one segment's worth, so a
 * client that reads only short_message still gets every short reply whole. */
const SHORT_MESSAGE_OCTETS = { 0: 160, 8: 140 } as Record<number, number>;

/** A reply (MO) as deliver_sm: from the phone to the client's address, GSM-7 when it can be, else UCS-2. */
export function replyPdu(row: OutboxRow): DeliverPdu {
  const { dataCoding, body } = encodeText(row.text);
  const whole = body.length <= (SHORT_MESSAGE_OCTETS[dataCoding] ?? 140);
  return deliverPdu(row, {
    esmClass: 0x00,
    dataCoding,
    shortMessage: whole ? body : Buffer.alloc(0),
    tlvs: whole ? [] : [{ tag: TLV.message_payload, value: body }],
  });
}
