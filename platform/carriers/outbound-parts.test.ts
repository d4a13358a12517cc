import { describe, expect, it } from 'vitest';
import { countSegments } from '../../contract/segments';
import type { ShortMessagePdu } from '../smpp-wire/pdu-types';
import { ReassemblyBuffer } from '../smpp/reassembly';
import { MAX_PARTS, UnencodableMessage, carrierSubmits } from './outbound-parts';

// What the platform submits to a carrier is what an SMSC reads back as the same text, in as many parts as the
// console billed: checked by the platform's own SMSC-side reassembly (tested against Kannel and Net::SMPP).

const carrier = (longMessages: 'udh' | 'sar' | 'payload') => ({
  longMessages,
  sourceTon: 5,
  sourceNpi: 0,
  destTon: 1,
  destNpi: 1,
});

const TEXTS = [
  'short',
  'x'.repeat(160),
  'x'.repeat(161),
  // escape pairs across the 153-septet boundary
  `${'a'.repeat(152)}€{}[]${'b'.repeat(200)}`,
  '短信'.repeat(35),
  '短信'.repeat(36),
  // a surrogate pair across the 67-unit boundary
  `${'字'.repeat(66)}😀${'尾'.repeat(80)}`,
  'Ünïcödé mixed with 中文 and emoji 🎉'.repeat(12),
];

function reassembled(pdus: ShortMessagePdu[]) {
  const buffer = new ReassemblyBuffer({ timeoutMs: 60_000, now: () => 0 });
  let last: ReturnType<ReassemblyBuffer['add']> | null = null;
  for (const pdu of pdus) last = buffer.add('carrier-test', pdu);
  return last;
}

describe('carrier submits', () => {
  for (const form of ['udh', 'sar', 'payload'] as const) {
    it(`reads back as the same text in the billed number of parts (${form})`, () => {
      TEXTS.forEach((text, i) => {
        const parts = carrierSubmits(
          { sourceAddr: '10690001', destinationAddr: '8613800138000', text, ref: 200 + i },
          carrier(form),
        );
        const billed = countSegments(text).segments;
        expect(parts.length, text).toBe(form === 'payload' ? 1 : billed);
        for (const p of parts) expect(p).toMatchObject({ registeredDelivery: 1, sourceAddrTon: 5, destAddrTon: 1 });
        const out = reassembled(
          parts.map((p) => ({ ...p, command: 'submit_sm', sequenceNumber: 1, commandStatus: 0 }) as ShortMessagePdu),
        );
        expect(out?.kind, text).toBe('complete');
        if (out?.kind === 'complete') {
          expect(out.message.text).toBe(text);
          expect(out.message.segments).toBe(billed);
        }
      });
    });
  }

  it('uses GSM-7 when it can and UCS-2 otherwise', () => {
    expect(
      carrierSubmits({ sourceAddr: 'a', destinationAddr: 'b', text: 'price €5', ref: 1 }, carrier('udh'))[0].dataCoding,
    ).toBe(0);
    expect(
      carrierSubmits({ sourceAddr: 'a', destinationAddr: 'b', text: '价格', ref: 1 }, carrier('udh'))[0].dataCoding,
    ).toBe(8);
  });

  it('takes 255 parts and refuses one more, or a payload past 65,535 octets, rather than wrapping the count', () => {
    const m = (text: string) => ({ sourceAddr: 'a', destinationAddr: 'b', text, ref: 7 });
    for (const form of ['udh', 'sar'] as const) {
      const most = carrierSubmits(m('x'.repeat(153 * MAX_PARTS)), carrier(form));
      expect(most).toHaveLength(MAX_PARTS);
      expect(() => carrierSubmits(m('x'.repeat(153 * MAX_PARTS + 1)), carrier(form))).toThrow(UnencodableMessage);
    }
    expect(carrierSubmits(m('x'.repeat(0xffff)), carrier('payload'))).toHaveLength(1);
    expect(() => carrierSubmits(m('x'.repeat(0x10000)), carrier('payload'))).toThrow(UnencodableMessage);
  });
});
