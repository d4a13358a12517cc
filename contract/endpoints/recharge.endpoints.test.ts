import { describe, expect, it } from 'vitest';
import { epRechargeListEndpoint, rechargeListEndpoint } from './recharge.endpoints';

describe('recharge endpoints', () => {
  it('page with type and time filters', () => {
    expect(
      rechargeListEndpoint.request.parse({ recharge_type: '3', startTime: '1700000000000', cus_id: '' }),
    ).toMatchObject({
      pageNumber: 1,
      recharge_type: 3,
      startTime: 1_700_000_000_000,
      cus_id: undefined,
    });
    expect(epRechargeListEndpoint.request.safeParse({ pageSize: 0 }).success).toBe(false);
  });
  it('answer rows carry both balance shapes of the spec', () => {
    const sub = {
      id: '1',
      cus_id: 'a',
      cus_name: 'A',
      create_time: 1,
      recharge_money: 10,
      preBalanceStr: '0.00',
      postBalanceStr: '10.00',
      recharge_type: 0,
      remark: '',
    };
    expect(rechargeListEndpoint.response.safeParse({ total: 1, data: [sub] }).success).toBe(true);
    const ep = {
      id: '1',
      create_time: 1,
      recharge_amount: 10,
      pre_balance: 0,
      post_balance: 10,
      recharge_type: 0,
      remark: '',
    };
    expect(epRechargeListEndpoint.response.safeParse({ total: 1, data: [ep] }).success).toBe(true);
  });
});
