import { describe, expect, it } from 'vitest';
import { blacklistFormSchema, blacklistNumber, optOutSettingsFormSchema } from './mobile-black.endpoints';

// The blacklist's forms as the console checks them before a command is queued: the platform checks the same.
describe('blacklist forms', () => {
  it('stores a number as the doors send to it: 11 digits at home, E.164 abroad', () => {
    expect(blacklistNumber('+86 139-0000-0001')).toBe('13900000001');
    expect(blacklistNumber('0044 7400 123456')).toBe('+447400123456');
    expect(blacklistNumber('12345')).toBeNull();
    expect(blacklistFormSchema.parse({ mobile: ' 8613900000001 ' })).toEqual({
      mobile: '13900000001',
      source: 'manual',
    });
    expect(blacklistFormSchema.safeParse({ mobile: 'abc' }).error?.issues[0].message).toBe(
      'blacklist.invalidNumberShort',
    );
  });

  it('reads keyword lists typed one a line or with commas, and wants at least one opt-out word', () => {
    const base = {
      scope: 'enterprise',
      confirm: false,
      confirmOutZh: '',
      confirmOutEn: '',
      confirmInZh: '',
      confirmInEn: '',
    };
    expect(
      optOutSettingsFormSchema.parse({ ...base, optOutWords: 'T\nTD， 退订,,', optInWords: 'START' }),
    ).toMatchObject({
      optOutWords: ['T', 'TD', '退订'],
      optInWords: ['START'],
    });
    expect(
      optOutSettingsFormSchema.safeParse({ ...base, optOutWords: ' \n ', optInWords: '' }).error?.issues[0].message,
    ).toBe('blacklist.noOptOutWord');
    expect(optOutSettingsFormSchema.safeParse({ ...base, optOutWords: 'x'.repeat(21), optInWords: '' }).success).toBe(
      false,
    );
  });
});
