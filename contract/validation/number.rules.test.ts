import { describe, expect, it } from 'vitest';
import { NUMBER_VECTORS, SMPP_ADDRESS_VECTORS, type NumberVector } from './number-vectors';
import {
  carrierDigits,
  classifyNumber,
  classifySmppAddress,
  destinationOn,
  productFor,
  type NumberClass,
} from './number.rules';

const expectVector = (n: NumberClass, v: NumberVector) => {
  expect(n.kind, v.raw).toBe(v.kind);
  if (n.kind === 'domestic') expect(n.mobile).toBe(v.stored);
  if (n.kind === 'international') expect([n.e164, n.country]).toEqual([v.stored, v.country]);
};

describe('the number rule', () => {
  it('reads every vector as the table says', () => {
    for (const v of NUMBER_VECTORS) expectVector(classifyNumber(v.raw), v);
  });

  it('reads SMPP addresses by their type of number', () => {
    for (const v of SMPP_ADDRESS_VECTORS) expectVector(classifySmppAddress(v.ton, v.raw), v);
  });

  it('stores and hands the carrier each number as the table says, on the product it goes on', () => {
    for (const v of [...NUMBER_VECTORS, ...SMPP_ADDRESS_VECTORS]) {
      const n = 'ton' in v ? classifySmppAddress(v.ton as number, v.raw) : classifyNumber(v.raw);
      const prodType = productFor([n], [0, 1])!;
      const d = destinationOn(prodType, n);
      if (v.kind === 'invalid') {
        expect(d, v.raw).toEqual({ refused: 'INVALID_NUMBER' });
        continue;
      }
      expect(prodType, v.raw).toBe(v.kind === 'domestic' ? 0 : 1);
      expect(d, v.raw).toEqual({ mobile: v.stored, country: v.country ?? null });
      expect(carrierDigits(prodType, v.stored!), v.raw).toBe(v.carrier);
    }
  });

  it('refuses an international number on the domestic product and never makes it a mainland mobile', () => {
    for (const v of NUMBER_VECTORS.filter((x) => x.kind === 'international')) {
      const n = classifyNumber(v.raw);
      expect(productFor([n], [0]), v.raw).toBe(0);
      expect(destinationOn(0, n), v.raw).toEqual({ refused: 'INTERNATIONAL_NOT_ALLOWED' });
    }
  });

  it('sends a mainland mobile as +86 on an account that has only the international product', () => {
    const n = classifyNumber('13900003331');
    expect(productFor([n], [1])).toBe(1);
    expect(destinationOn(1, n)).toEqual({ mobile: '+8613900003331', country: 'CN' });
    expect(productFor([n], [2])).toBeUndefined();
  });
});
