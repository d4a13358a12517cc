import { describe, expect, it } from 'vitest';
import { checkSender, senderAddresses } from './sender.rules';

// The sender rule every door runs (console international form, HTTP `sender`, SMPP source_addr).
describe('the sender rule', () => {
  const account = { srcId: '', ext: '8003' };

  it("takes the account's addresses, a longer address from them, and none", () => {
    expect(senderAddresses(account)).toEqual(['8003', '1069008003']);
    for (const s of ['', '8003', '800312', '1069008003', '106900800312'])
      for (const prod of [0, 1] as const) expect(checkSender(s, prod, account).ok, s).toBe(true);
    expect(checkSender('10690001', 0, { srcId: '1069', ext: '0001' })).toEqual({ ok: true, senderId: null });
  });

  it('takes a sender id on international sends only, kept for the batch', () => {
    expect(checkSender('ACME', 1, account)).toEqual({ ok: true, senderId: 'ACME' });
    expect(checkSender('123456789012345', 1, account)).toEqual({ ok: true, senderId: '123456789012345' });
    expect(checkSender('ACME', 0, account)).toEqual({ ok: false, allowed: ['8003', '1069008003'] });
  });

  it('refuses what is neither, naming the addresses that would do', () => {
    for (const [s, prod] of [
      ['106900', 0],
      ['9999', 0],
      ['AC-ME', 1],
      ['ABCDEFGHIJKL', 1],
      ['1069008003123456789012', 0],
    ] as const)
      expect(checkSender(s, prod, account), s).toEqual({ ok: false, allowed: ['8003', '1069008003'] });
  });

  it('holds no address to an account with neither source code nor extension', () => {
    expect(checkSender('9999', 0, {})).toEqual({ ok: true, senderId: null });
    expect(checkSender('ACME', 1, {})).toEqual({ ok: true, senderId: 'ACME' });
  });
});
