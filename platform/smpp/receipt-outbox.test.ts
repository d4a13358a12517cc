import { describe, expect, it } from 'vitest';
import { decodeGsm7 } from '../smpp-wire/gsm7';
import { TLV } from '../smpp-wire/pdu-types';
import { replyPdu } from './receipt-outbox';
import { decodeUcs2 } from '../smpp-wire/sms-text';

const row = (text: string) => ({
  id: '1',
  kind: 'mo' as const,
  cus_id: 'SUB001',
  message_ids: ['01MO'],
  mobile: '13800138000',
  client_addr: '10690001',
  text,
  stat: '',
  err: '',
  submit_date: new Date(0),
  done_date: new Date(0),
});

describe('a reply as deliver_sm', () => {
  it('goes from the phone to the client address, GSM-7 when every character has a septet', () => {
    const pdu = replyPdu(row('STOP'));
    expect(pdu).toMatchObject({ sourceAddr: '13800138000', destinationAddr: '10690001', esmClass: 0, dataCoding: 0 });
    expect(decodeGsm7(pdu.shortMessage)).toBe('STOP');
  });

  it('is UCS-2 for Chinese, and a reply longer than one segment travels whole in message_payload', () => {
    expect(decodeUcs2(replyPdu(row('收到，谢谢')).shortMessage)).toBe('收到，谢谢');
    const long = '好'.repeat(71);
    const pdu = replyPdu(row(long));
    expect(pdu.dataCoding).toBe(8);
    expect(pdu.shortMessage.length).toBe(0);
    expect(decodeUcs2(pdu.tlvs!.find((t) => t.tag === TLV.message_payload)!.value)).toBe(long);
  });
});
