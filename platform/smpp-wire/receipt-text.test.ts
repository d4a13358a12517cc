import { describe, expect, it } from 'vitest';
import { buildReceiptText, parseReceiptText, receiptIdMatches } from './receipt-text';

describe('receipt text', () => {
  const fields = {
    id: '0193abcd12345678',
    submitted: 1,
    delivered: 1,
    submitDate: new Date(Date.UTC(2026, 10, 26, 2, 50, 33)),
    doneDate: new Date(Date.UTC(2026, 10, 26, 2, 51, 0)),
    stat: 'DELIVRD' as const,
    err: 0,
    text: 'Your code is 123456, valid for 5 minutes',
  };

  it('is built in the Appendix B layout with every field', () => {
    expect(buildReceiptText(fields)).toBe(
      'id:0193abcd12345678 sub:001 dlvrd:001 submit date:2611260250 done date:2611260251 stat:DELIVRD err:000 text:Your code is 123456,',
    );
    expect(buildReceiptText(fields, 480)).toContain('submit date:2611261050');
  });

  it('reads back what it builds', () => {
    const p = parseReceiptText(buildReceiptText({ ...fields, stat: 'UNDELIV', delivered: 0, err: 12 }));
    expect(p).toMatchObject({
      id: fields.id,
      submitted: 1,
      delivered: 0,
      stat: 'UNDELIV',
      messageState: 5,
      err: '012',
      text: 'Your code is 123456,',
    });
    expect(p?.submitDate?.toISOString()).toBe('2026-11-26T02:50:00.000Z');
  });

  it('reads carriers’ variants: 12-digit dates, decimal ids, text:none, another order, lower case', () => {
    const p = parseReceiptText(
      'id:1234567890 sub:1 dlvrd:1 submit date:261126025033 done date:261126025101 stat:delivrd err:0 text:none',
    );
    expect(p).toMatchObject({
      id: '1234567890',
      submitted: 1,
      delivered: 1,
      stat: 'DELIVRD',
      messageState: 2,
      err: '0',
      text: null,
    });
    expect(p?.doneDate?.toISOString()).toBe('2026-11-26T02:51:01.000Z');
    expect(parseReceiptText('stat:EXPIRED id:ab12 err:001')).toMatchObject({
      id: 'ab12',
      stat: 'EXPIRED',
      messageState: 3,
      text: null,
      submitDate: null,
    });
    expect(parseReceiptText('id:x submit date:2613260250 stat:WHATEVER text:hi there: id:y')).toMatchObject({
      id: 'x',
      messageState: 7,
      submitDate: null,
      text: 'hi there: id:y',
    });
    expect(parseReceiptText('hello, this is a reply')).toBeNull();
  });

  it('matches ids across hex and decimal and leading zeros', () => {
    expect(receiptIdMatches('000ff', 'ff')).toBe(true);
    expect(receiptIdMatches('255', 'ff')).toBe(true);
    expect(receiptIdMatches('ff', '255')).toBe(true);
    expect(receiptIdMatches('0193ABCD12345678', '0193abcd12345678')).toBe(true);
    expect(receiptIdMatches('256', 'ff')).toBe(false);
  });
});
