import { describe, expect, it } from 'vitest';
import type { SendPolicy } from '../../contract/endpoints/send-policy.endpoints';
import { policyRequest, policyValues, strayErrors } from './send-policy-values';

const policy: SendPolicy = {
  caps: {
    verification: { perMinute: 1, perHour: 5, perDay: 10 },
    notification: { perMinute: 0, perHour: 0, perDay: 0 },
    marketing: { perMinute: 0, perHour: 2, perDay: 3 },
  },
  duplicateWindowS: 60,
  dailyCap: 1000,
  dailyCaps: [{ cusId: 'SUB001', cap: 100 }],
  quietHours: { enabled: false, from: '22:00', to: '08:00', action: 'refuse' },
  marketingOptOut: { mode: 'off', textZh: '回T退订', textEn: 'Reply STOP' },
};

describe('the send policy as form values', () => {
  it('names each input by its path in the policy, lists kept whole, and builds the same policy back', () => {
    const values = policyValues(policy);
    expect(values['caps.verification.perMinute']).toBe(1);
    expect(values['quietHours.action']).toBe('refuse');
    expect(values.dailyCaps).toEqual([{ cusId: 'SUB001', cap: 100 }]);
    expect(Object.keys(values)).toHaveLength(9 + 2 + 1 + 4 + 3);
    expect(policyRequest(values)).toEqual(policy);
  });

  it('tells the errors no input shows: a refusal at a group, not those of a shown input or of a row', () => {
    const errors = {
      'caps.verification.perMinute': 'policy.capRange',
      'dailyCaps.1.cap': 'policy.dailyCapRange',
      dailyCaps: 'x',
      caps: '上限不合法',
    };
    expect(strayErrors(errors, ['caps.verification.perMinute'], ['dailyCaps'])).toEqual(['上限不合法']);
  });
});
