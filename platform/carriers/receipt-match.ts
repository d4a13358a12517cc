import { TLV, tlvCString, type ShortMessagePdu } from '../smpp-wire/pdu-types';
import { parseReceiptText, type ParsedReceipt } from '../smpp-wire/receipt-text';
import type { CarrierConfig } from './carrier-config';

// A carrier's receipt names the message by the id its submit_sm_resp gave: in the receipted_message_id TLV as given
// (SMPP 3.4 says so), and in the receipt text often in another base (hex given, decimal written, or the reverse),
// with or without leading zeros, in either case. Both sides are reduced to one key, so a receipt is matched by an
// index lookup rather than by trying forms.

/** The key of an id as the carrier's submit_sm_resp gave it. */
export function carrierIdKey(id: string): string {
  return id
    .trim()
    .toLowerCase()
    .replace(/^0+(?=.)/, '');
}

/** The key of an id written in a receipt's text, read per the carrier's `receiptIds` setting; null: unreadable. */
export function receiptTextIdKey(id: string, mode: CarrierConfig['receiptIds']): string | null {
  const t = id.trim();
  if (mode === 'hex-to-decimal') return /^\d{1,30}$/.test(t) ? carrierIdKey(BigInt(t).toString(16)) : null;
  if (mode === 'decimal-to-hex')
    return /^[0-9a-f]{1,30}$/i.test(t) ? carrierIdKey(BigInt(`0x${t}`).toString(10)) : null;
  return t === '' ? null : carrierIdKey(t);
}

export interface CarrierReceipt {
  /** the key of the message id the receipt is for. */
  key: string;
  parsed: ParsedReceipt | null;
}

/** A deliver_sm that is a delivery receipt (esm_class bit 2), with its message's key: the TLV first, else the text. */
export function readCarrierReceipt(pdu: ShortMessagePdu, mode: CarrierConfig['receiptIds']): CarrierReceipt | null {
  if ((pdu.esmClass & 0x3c) !== 0x04) return null;
  const parsed = parseReceiptText(pdu.shortMessage.toString('latin1'));
  const tlv = tlvCString(pdu, TLV.receipted_message_id);
  if (tlv) return { key: carrierIdKey(tlv), parsed };
  const key = parsed ? receiptTextIdKey(parsed.id, mode) : null;
  return key === null ? null : { key, parsed };
}
