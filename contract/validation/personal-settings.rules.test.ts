import { describe, expect, it } from 'vitest';
import {
  certificationFormSchema,
  isResidentId,
  modifyCusNameFormSchema,
  modifyMobileFormSchema,
  modifyPasswordFormSchema,
  pushUrlFormSchema,
  pushUrlRequestSchema,
} from './personal-settings.rules';

type R = { error?: { issues: { message: string; path: PropertyKey[] }[] } };
const first = (r: R) => r.error?.issues[0];
const pw = (oldPassword: string, newPassword: string, confirmPassword = newPassword) =>
  first(modifyPasswordFormSchema.safeParse({ oldPassword, newPassword, confirmPassword }));

describe('modify password', () => {
  it('accepts letters + digits, at least 6, differing from old, confirmed', () => {
    expect(pw('demo1234', 'abc123')).toBeUndefined();
  });
  it('5 characters fail, 6 pass', () => {
    expect(pw('demo1234', 'abc12')).toMatchObject({ path: ['newPassword'], message: 'v.settings.passwordWeak' });
    expect(pw('demo1234', 'abc123')).toBeUndefined();
  });
  it('needs both letters and digits', () => {
    expect(pw('demo1234', 'abcdefgh')?.message).toBe('v.settings.passwordWeak');
    expect(pw('demo1234', '12345678')?.message).toBe('v.settings.passwordWeak');
  });
  it('required fields', () => {
    expect(pw('', 'abc123')).toMatchObject({ path: ['oldPassword'], message: 'v.settings.oldPasswordRequired' });
    expect(pw('demo1234', '')).toMatchObject({ path: ['newPassword'], message: 'v.settings.newPasswordRequired' });
    expect(pw('demo1234', 'abc123', '')).toMatchObject({
      path: ['confirmPassword'],
      message: 'v.settings.confirmPasswordRequired',
    });
  });
  it('differs from old; confirm equals new', () => {
    expect(pw('demo1234', 'demo1234')).toMatchObject({
      path: ['newPassword'],
      message: 'v.settings.passwordSameAsOld',
    });
    expect(pw('demo1234', 'abc123', 'abc124')).toMatchObject({
      path: ['confirmPassword'],
      message: 'v.settings.passwordMismatch',
    });
  });
});

describe('certification', () => {
  it('resident ID: 18 chars with checksum and a real birth date', () => {
    expect(isResidentId('11010519491231002X')).toBe(true);
    expect(isResidentId('11010519491231002x')).toBe(true);
    expect(isResidentId('110105194912310021')).toBe(false); // wrong check char
    expect(isResidentId('11010519491231002')).toBe(false); // 17
    expect(isResidentId('110105194902300027')).toBe(false); // 30 February
    expect(isResidentId('1101051949123100XX')).toBe(false);
  });
  it('card name, number and phone required and well-formed', () => {
    const ok = { cardName: '张三', cardNumber: '11010519491231002X', phone: '13800138000' };
    expect(certificationFormSchema.safeParse(ok).success).toBe(true);
    expect(certificationFormSchema.safeParse({ ...ok, cardName: 'Anna Maria·Li' }).success).toBe(true);
    expect(first(certificationFormSchema.safeParse({ ...ok, cardName: '' }))).toMatchObject({
      path: ['cardName'],
      message: 'v.settings.cardNameRequired',
    });
    expect(first(certificationFormSchema.safeParse({ ...ok, cardName: '张3' }))?.message).toBe(
      'v.settings.cardNameInvalid',
    );
    expect(first(certificationFormSchema.safeParse({ ...ok, cardNumber: ' ' }))?.message).toBe(
      'v.settings.cardNumberRequired',
    );
    expect(first(certificationFormSchema.safeParse({ ...ok, cardNumber: '110105194912310021' }))?.message).toBe(
      'v.settings.cardNumberInvalid',
    );
    expect(first(certificationFormSchema.safeParse({ ...ok, phone: '01012345678' }))).toMatchObject({
      path: ['phone'],
      message: 'v.mobile.invalid',
    });
  });
});

describe('mobile, push addresses, customer name', () => {
  it('mobile not empty and well-formed', () => {
    expect(first(modifyMobileFormSchema.safeParse({ mobile: '' }))?.message).toBe('v.mobile.required');
    expect(first(modifyMobileFormSchema.safeParse({ mobile: '1380013800' }))?.message).toBe('v.mobile.invalid');
    expect(modifyMobileFormSchema.safeParse({ mobile: '13800138000' }).success).toBe(false);
    expect(modifyMobileFormSchema.safeParse({ mobile: '13800138000', code: '123456' }).success).toBe(true);
    expect(first(modifyMobileFormSchema.safeParse({ mobile: '13800138000', code: '12345' }))?.message).toBe(
      'v.settings.codeInvalid',
    );
  });
  it('push addresses required and http(s)', () => {
    expect(first(pushUrlFormSchema.safeParse({ reportUrl: '', moUrl: 'https://x.cn/mo' }))).toMatchObject({
      path: ['reportUrl'],
      message: 'v.settings.reportUrlRequired',
    });
    expect(first(pushUrlFormSchema.safeParse({ reportUrl: 'https://x.cn/r', moUrl: 'x.cn/mo' }))).toMatchObject({
      path: ['moUrl'],
      message: 'v.url.invalid',
    });
    expect(
      pushUrlFormSchema.safeParse({ reportUrl: ' https://x.cn/r ', moUrl: 'http://x.cn/mo' }).data?.reportUrl,
    ).toBe('https://x.cn/r');
    // the console's form refuses internal destinations; the request leaves them to the platform's configuration
    expect(
      first(pushUrlFormSchema.safeParse({ reportUrl: 'https://x.cn/r', moUrl: 'http://[::1]:8080/mo' })),
    ).toMatchObject({
      path: ['moUrl'],
      message: 'v.url.internal',
    });
    expect(pushUrlRequestSchema.safeParse({ reportUrl: 'https://x.cn/r', moUrl: 'http://[::1]:8080/mo' }).success).toBe(
      true,
    );
    expect(
      first(pushUrlRequestSchema.safeParse({ reportUrl: 'https://a:b@x.cn/r', moUrl: 'https://x.cn/mo' })),
    ).toMatchObject({
      path: ['reportUrl'],
      message: 'v.url.credentials',
    });
  });
  it('customer name required', () => {
    expect(first(modifyCusNameFormSchema.safeParse({ cus_name: ' ' }))?.message).toBe('v.subAccount.nameRequired');
    expect(modifyCusNameFormSchema.safeParse({ cus_name: ' New name ' }).data).toEqual({ cus_name: 'New name' });
  });
});
