import { describe, expect, it } from 'vitest';
import { TLV, cStringTlv, shortMessagePdu, type ShortMessagePdu } from '../smpp-wire/pdu-types';
import { carrierIdKey, readCarrierReceipt, receiptTextIdKey } from './receipt-match';

// A receipt is matched to the id the carrier's submit_sm_resp gave, whatever base, case and zeros its text uses.

const receipt = (text: string, tlvId?: string, esmClass = 0x04) =>
  shortMessagePdu('deliver_sm', {
    sourceAddr: '8613800138000',
    destinationAddr: '1069',
    esmClass,
    shortMessage: Buffer.from(text, 'latin1'),
    tlvs: tlvId === undefined ? [] : [cStringTlv(TLV.receipted_message_id, tlvId)],
  }) as ShortMessagePdu;

describe('carrier receipt ids', () => {
  it('reduces ids to one key: case and leading zeros do not matter', () => {
    expect(carrierIdKey('00000F4241')).toBe(carrierIdKey('f4241'));
    expect(carrierIdKey('0')).toBe('0');
  });

  it('reads a receipt text id per the carrier: as given, decimal for a hex id, hex for a decimal id', () => {
    const hexGiven = carrierIdKey('00000F4241');
    expect(receiptTextIdKey('1000001', 'hex-to-decimal')).toBe(hexGiven);
    expect(receiptTextIdKey('0F4241', 'same')).toBe(hexGiven);
    expect(receiptTextIdKey('f4241', 'decimal-to-hex')).toBe(carrierIdKey('1000001'));
    // past 2^53: read exactly
    expect(receiptTextIdKey('123456789012345678901', 'hex-to-decimal')).toBe(carrierIdKey('6b14e9f812f366c35'));
    expect(receiptTextIdKey('xyz', 'hex-to-decimal')).toBeNull();
    expect(receiptTextIdKey('', 'same')).toBeNull();
  });

  it('takes the receipted_message_id TLV first, the text id otherwise, and no message that is not a receipt', () => {
    const text =
      'id:1000001 sub:001 dlvrd:001 submit date:261126103000 done date:261126103015 stat:DELIVRD err:000 text:hi';
    const fromText = readCarrierReceipt(receipt(text), 'hex-to-decimal');
    expect(fromText?.key).toBe(carrierIdKey('00000F4241'));
    expect(fromText?.parsed).toMatchObject({ stat: 'DELIVRD', err: '000' });
    expect(fromText?.parsed?.doneDate?.toISOString()).toMatch(/^2026-11-26T\d\d:30:15/);
    expect(readCarrierReceipt(receipt(text, 'ABC123'), 'hex-to-decimal')?.key).toBe('abc123');
    expect(readCarrierReceipt(receipt('hello, a reply', undefined, 0x00), 'same')).toBeNull();
    expect(readCarrierReceipt(receipt('not a receipt text'), 'same')).toBeNull();
  });
});
