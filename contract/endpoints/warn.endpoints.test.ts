import { describe, expect, it } from 'vitest';
import { modifyCusBneWarnEndpoint } from './warn.endpoints';

describe('warn endpoints', () => {
  it('modify applies the balance-warning rules', () => {
    expect(
      modifyCusBneWarnEndpoint.request.parse({ enabled: true, warnBalance: '50', warnMobiles: '13800138000' }),
    ).toEqual({
      enabled: true,
      warnBalance: 50,
      warnMobiles: ['13800138000'],
    });
    expect(
      modifyCusBneWarnEndpoint.request.safeParse({ enabled: true, warnBalance: 50, warnMobiles: [] }).error?.issues[0]
        .message,
    ).toBe('v.warn.mobilesRequired');
  });
});
