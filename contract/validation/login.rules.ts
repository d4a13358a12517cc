import { z } from 'zod';
import { CAPTCHA_LENGTH, LOGIN_PASSWORD_MIN, SMS_CODE_LENGTH, SMS_CODE_RESEND_S } from '../constants';
import { mobileSchema } from './mobile.rules';

// Login form rules. The password is checked in plain text; the form then sends it Base64-encoded.

export const accountSchema = z
  .string({ error: 'v.login.accountRequired' })
  .trim()
  .min(1, { error: 'v.login.accountRequired' });

export const loginPasswordSchema = z
  .string({ error: 'v.login.passwordRequired' })
  .min(1, { error: 'v.login.passwordRequired', abort: true })
  .min(LOGIN_PASSWORD_MIN, { error: 'v.login.passwordMin' });

export const captchaSchema = z
  .string({ error: 'v.login.captchaRequired' })
  .trim()
  .min(1, { error: 'v.login.captchaRequired', abort: true })
  .length(CAPTCHA_LENGTH, { error: 'v.login.captchaLength' });

export const smsCodeSchema = z
  .string({ error: 'v.login.smsCodeRequired' })
  .trim()
  .min(1, { error: 'v.login.smsCodeRequired', abort: true })
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), { error: 'v.login.smsCodeFormat' });

export const loginFormSchema = z.object({
  username: accountSchema,
  password: loginPasswordSchema,
  code: captchaSchema,
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const smsLoginFormSchema = z.object({ username: accountSchema, phone: mobileSchema, code: smsCodeSchema });
export type SmsLoginForm = z.infer<typeof smsLoginFormSchema>;

/** Seconds until another SMS code may be requested (0 = now); lastSentAt and now in epoch ms. */
export function smsCodeResendWait(lastSentAt: number | null, now: number): number {
  if (lastSentAt == null) return 0;
  return Math.max(0, Math.ceil((lastSentAt + SMS_CODE_RESEND_S * 1000 - now) / 1000));
}
