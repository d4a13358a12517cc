import { describe, expect, it } from 'vitest';
import {
  captchaSchema,
  loginFormSchema,
  loginPasswordSchema,
  smsCodeResendWait,
  smsCodeSchema,
  smsLoginFormSchema,
} from './login.rules';

const firstError = (r: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) => r.error?.issues[0];

describe('login rules', () => {
  it('accepts a complete form', () => {
    expect(loginFormSchema.safeParse({ username: ' admin ', password: 'demo1234', code: 'aB3x' }).data).toEqual({
      username: 'admin',
      password: 'demo1234',
      code: 'aB3x',
    });
  });
  it('account is required', () => {
    expect(firstError(loginFormSchema.safeParse({ username: '  ', password: 'demo1234', code: 'abcd' }))).toMatchObject(
      {
        path: ['username'],
        message: 'v.login.accountRequired',
      },
    );
    expect(firstError(loginFormSchema.safeParse({ password: 'demo1234', code: 'abcd' }))?.message).toBe(
      'v.login.accountRequired',
    );
  });
  it('password: required, then 5 characters fail and 6 pass', () => {
    expect(loginPasswordSchema.safeParse('').error?.issues.map((i) => i.message)).toEqual(['v.login.passwordRequired']);
    expect(firstError(loginPasswordSchema.safeParse('12345'))?.message).toBe('v.login.passwordMin');
    expect(loginPasswordSchema.safeParse('123456').success).toBe(true);
  });
  it('captcha is exactly 4 characters', () => {
    expect(firstError(captchaSchema.safeParse(''))?.message).toBe('v.login.captchaRequired');
    expect(firstError(captchaSchema.safeParse('abc'))?.message).toBe('v.login.captchaLength');
    expect(firstError(captchaSchema.safeParse('abcde'))?.message).toBe('v.login.captchaLength');
    expect(captchaSchema.safeParse(' ab3D ').data).toBe('ab3D');
  });
  it('SMS code is exactly 6 digits', () => {
    expect(smsCodeSchema.safeParse('123456').success).toBe(true);
    for (const bad of ['12345', '1234567', '12345a'])
      expect(firstError(smsCodeSchema.safeParse(bad))?.message).toBe('v.login.smsCodeFormat');
    expect(firstError(smsCodeSchema.safeParse(''))?.message).toBe('v.login.smsCodeRequired');
  });
  it('SMS login form needs a mobile', () => {
    expect(smsLoginFormSchema.safeParse({ username: 'admin', phone: '13800138000', code: '123456' }).success).toBe(
      true,
    );
    expect(
      firstError(smsLoginFormSchema.safeParse({ username: 'admin', phone: '01088886666', code: '123456' })),
    ).toMatchObject({
      path: ['phone'],
      message: 'v.mobile.invalid',
    });
  });
  it('SMS code resend waits 60 s', () => {
    expect(smsCodeResendWait(null, 1_000)).toBe(0);
    expect(smsCodeResendWait(0, 0)).toBe(60);
    expect(smsCodeResendWait(0, 59_001)).toBe(1);
    expect(smsCodeResendWait(0, 60_000)).toBe(0);
    expect(smsCodeResendWait(0, 90_000)).toBe(0);
  });
});
