import { describe, expect, it } from 'vitest';
import { balanceWarningFormSchema } from './balance-warning.rules';

type R = { error?: { issues: { message: string; path: PropertyKey[] }[] } };
const issues = (r: R) => (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('balance warning', () => {
  it('accepts a threshold with mobiles as text, deduplicated', () => {
    expect(
      balanceWarningFormSchema.safeParse({
        enabled: true,
        warnBalance: '100.50',
        warnMobiles: '13800138000\n13800138000,15912345678',
      }).data,
    ).toEqual({
      enabled: true,
      warnBalance: 100.5,
      warnMobiles: ['13800138000', '15912345678'],
    });
  });
  it('keeps two-decimal amounts exact', () => {
    expect(
      balanceWarningFormSchema.safeParse({ enabled: false, warnBalance: 0.29, warnMobiles: [] }).data?.warnBalance,
    ).toBe(0.29);
    expect(
      balanceWarningFormSchema.safeParse({ enabled: false, warnBalance: '0', warnMobiles: [] }).data?.warnBalance,
    ).toBe(0);
  });
  it('needs a mobile when enabled, none when disabled', () => {
    expect(issues(balanceWarningFormSchema.safeParse({ enabled: true, warnBalance: 10, warnMobiles: '' }))).toEqual([
      ['warnMobiles', 'v.warn.mobilesRequired'],
    ]);
    expect(issues(balanceWarningFormSchema.safeParse({ enabled: false, warnBalance: 0, warnMobiles: [] }))).toEqual([]);
  });
  it('checks the amount and each mobile', () => {
    expect(issues(balanceWarningFormSchema.safeParse({ enabled: false, warnBalance: -1, warnMobiles: [] }))).toEqual([
      ['warnBalance', 'v.warn.balanceInvalid'],
    ]);
    expect(
      issues(balanceWarningFormSchema.safeParse({ enabled: false, warnBalance: '1.234', warnMobiles: [] })),
    ).toEqual([['warnBalance', 'v.warn.balanceInvalid']]);
    expect(
      issues(balanceWarningFormSchema.safeParse({ enabled: false, warnBalance: 'abc', warnMobiles: [] }))[0]?.[1],
    ).toBe('v.warn.balanceInvalid');
    expect(
      issues(balanceWarningFormSchema.safeParse({ enabled: true, warnBalance: 1, warnMobiles: ['01088886666'] })),
    ).toEqual([['warnMobiles.0', 'v.mobile.invalid']]);
  });
  it('at most 5 mobiles', () => {
    const six = ['13800000001', '13800000002', '13800000003', '13800000004', '13800000005', '13800000006'];
    expect(issues(balanceWarningFormSchema.safeParse({ enabled: true, warnBalance: 1, warnMobiles: six }))).toEqual([
      ['warnMobiles', 'v.warn.tooManyMobiles'],
    ]);
    expect(
      balanceWarningFormSchema.safeParse({ enabled: true, warnBalance: 1, warnMobiles: six.slice(0, 5) }).success,
    ).toBe(true);
  });
});
