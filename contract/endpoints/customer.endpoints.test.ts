import { describe, expect, it } from 'vitest';
import { customerAddEndpoint, customerChargeEndpoint, customerListEndpoint } from './customer.endpoints';

const first = (r: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) => r.error?.issues[0];

describe('customer endpoints', () => {
  it('add applies the sub-account rules', () => {
    const r = customerAddEndpoint.request.safeParse({
      cus_id: 'abc12',
      cus_name: 'x',
      password: 'abc123',
      interfacePassword: 'abc123',
      ext_number: '1',
      pushMode: 0,
      maxConnections: 1,
      maxSpeed: 1,
      busCty: 'b',
      prodType: 0,
    });
    expect(first(r)).toMatchObject({ path: ['cus_id'], message: 'v.subAccount.idFormat' });
  });
  it("charge checks the amount format; the balance is the platform's to check", () => {
    expect(customerChargeEndpoint.request.safeParse({ cus_id: 'acct01', amount: '99999999.99' }).data?.amount).toBe(
      99999999.99,
    );
    expect(first(customerChargeEndpoint.request.safeParse({ cus_id: 'acct01', amount: '1.234' }))?.message).toBe(
      'v.recharge.amountFormat',
    );
    expect(first(customerChargeEndpoint.request.safeParse({ amount: '1' }))?.message).toBe(
      'v.recharge.accountRequired',
    );
  });
  it('list filters', () => {
    expect(customerListEndpoint.request.parse({ keyword: ' acme ', cus_status: '0' })).toMatchObject({
      keyword: 'acme',
      cus_status: 0,
    });
  });
});
