import { z } from 'zod';
import { isStorableText } from '../bounds';
import { LOGIN_PASSWORD_MIN, SMS_CODE_LENGTH } from '../constants';
import { mobileSchema } from './mobile.rules';
import { callbackUrlRule, publicCallbackUrlRule } from './sub-account.rules';

// Personal settings: passwords, certification, mobile, push addresses, customer name.

const required = (key: string, max = 200) =>
  z
    .string({ error: key })
    .max(max, { error: key })
    .refine((s) => s.trim().length > 0, { error: key })
    .refine(isStorableText, { error: 'v.badText' });

export const newPasswordSchema = z
  .string({ error: 'v.settings.newPasswordRequired' })
  .min(1, { error: 'v.settings.newPasswordRequired', abort: true })
  .min(LOGIN_PASSWORD_MIN, { error: 'v.settings.passwordWeak' })
  .max(64, { error: 'v.settings.passwordWeak' })
  .refine(isStorableText, { error: 'v.badText' })
  .regex(/[A-Za-z]/, { error: 'v.settings.passwordWeak' })
  .regex(/\d/, { error: 'v.settings.passwordWeak' });

export const modifyPasswordFormSchema = z
  .object({
    oldPassword: required('v.settings.oldPasswordRequired'),
    newPassword: newPasswordSchema,
    confirmPassword: required('v.settings.confirmPasswordRequired'),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword === v.oldPassword)
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'v.settings.passwordSameAsOld' });
    if (v.confirmPassword !== v.newPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'v.settings.passwordMismatch' });
  });
export type ModifyPasswordForm = z.infer<typeof modifyPasswordFormSchema>;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** Chinese resident identity card number (GB 11643): 18 chars, a real birth date, ISO 7064 MOD 11-2 check char. */
export function isResidentId(s: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(s)) return false;
  const [y, m, d] = [s.slice(6, 10), s.slice(10, 12), s.slice(12, 14)].map(Number);
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(s[i]), 0);
  return ID_CHECK[sum % 11] === s[17].toUpperCase();
}

/** Names as on an identity card: 2-30 Chinese characters or letters, with the middle dot or spaces of transliterations. */
const CARD_NAME = /^[\p{Script=Han}A-Za-z][\p{Script=Han}A-Za-z·• ]{1,29}$/u;

export const certificationFormSchema = z.object({
  cardName: required('v.settings.cardNameRequired').pipe(
    z.string().max(30).trim().regex(CARD_NAME, { error: 'v.settings.cardNameInvalid' }),
  ),
  cardNumber: required('v.settings.cardNumberRequired').pipe(
    z.string().max(18).trim().refine(isResidentId, { error: 'v.settings.cardNumberInvalid' }),
  ),
  phone: mobileSchema,
});
export type CertificationForm = z.infer<typeof certificationFormSchema>;

/** The new mobile is confirmed by a code sent to it (/user/sendMobileCode); the form asks for the code after sending. */
export const modifyMobileFormSchema = z.object({
  mobile: mobileSchema,
  uuid: z
    .string()
    .max(64)
    .regex(/^[\w-]{1,64}$/, { error: 'v.settings.codeInvalid' })
    .default('mobile'),
  code: z
    .string({ error: 'v.settings.codeInvalid' })
    .trim()
    .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), { error: 'v.settings.codeInvalid' })
    .max(SMS_CODE_LENGTH),
});
export const sendMobileCodeFormSchema = z.object({
  mobile: mobileSchema,
  uuid: z
    .string()
    .max(64)
    .regex(/^[\w-]{1,64}$/)
    .default('mobile'),
});

const pushUrls = (rule: typeof callbackUrlRule) =>
  z.object({
    reportUrl: required('v.settings.reportUrlRequired', 500).pipe(rule),
    moUrl: required('v.settings.moUrlRequired', 500).pipe(rule),
  });
/** /user/pushUrlModify's request: where the addresses lead is the platform's to judge, by its configuration. */
export const pushUrlRequestSchema = pushUrls(callbackUrlRule);
/** The console asks for confirmation before saving these, and for public addresses. */
export const pushUrlFormSchema = pushUrls(publicCallbackUrlRule);
export type PushUrlForm = z.infer<typeof pushUrlFormSchema>;

export const modifyCusNameFormSchema = z.object({
  cus_name: required('v.subAccount.nameRequired').pipe(
    z.string().trim().max(50, { error: 'v.subAccount.nameTooLong' }),
  ),
});

/** Answered by /user/modifyPassword when oldPassword does not match (the platform checks, the form cannot). */
export const OLD_PASSWORD_WRONG = 'v.settings.oldPasswordWrong';
