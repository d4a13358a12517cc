import { z } from 'zod';
import {
  EXTENSION_MAX_DIGITS,
  PRODUCT_TYPES,
  SUB_ACCOUNT_ID_MAX,
  SUB_ACCOUNT_ID_MIN,
  SUB_ACCOUNT_PASSWORD_MAX,
  SUB_ACCOUNT_PASSWORD_MIN,
} from '../constants';
import { INT32_MAX, isStorableText } from '../bounds';
import { callbackUrlProblem } from './callback-address';

// Sub-account (customer) creation, editing and charge rules.

export const subAccountIdSchema = z
  .string({ error: 'v.subAccount.idRequired' })
  .trim()
  .min(1, { error: 'v.subAccount.idRequired', abort: true })
  .max(SUB_ACCOUNT_ID_MAX, { error: 'v.subAccount.idFormat', abort: true })
  .regex(new RegExp(`^[A-Za-z0-9]{${SUB_ACCOUNT_ID_MIN},${SUB_ACCOUNT_ID_MAX}}$`), { error: 'v.subAccount.idFormat' });

const passwordSchema = (required: string) =>
  z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .min(SUB_ACCOUNT_PASSWORD_MIN, { error: 'v.subAccount.passwordLength' })
    .max(SUB_ACCOUNT_PASSWORD_MAX, { error: 'v.subAccount.passwordLength' })
    .refine(isStorableText, { error: 'v.badText' });

/** On an edit a password may be left empty: the stored one stays. */
const keptPasswordSchema = (required: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), passwordSchema(required).optional());

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
export function isIpv4(s: string): boolean {
  return IPV4.test(s);
}

/** An IPv6 address as written (compressed or not, an IPv4 tail allowed), without a zone. */
export function isIpv6(s: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(s) || s.split('::').length > 2) return false;
  const lastColon = s.lastIndexOf(':');
  const tail = s.slice(lastColon + 1);
  const v4Tail = tail.includes('.');
  if (v4Tail && !isIpv4(tail)) return false;
  const head = v4Tail ? s.slice(0, lastColon + 1) + '0' : s;
  const [left, right] = head.includes('::') ? head.split('::') : [head, null];
  const groups = (p: string) => (p === '' ? [] : p.split(':'));
  const all = [...groups(left), ...(right === null ? [] : groups(right))];
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  const count = all.length + (v4Tail ? 1 : 0);
  return right === null ? count === 8 : count <= 7;
}

/** One user-IP entry: an IPv4 or IPv6 address, or a CIDR range of either. */
export function isIpEntry(entry: string): boolean {
  const [addr, prefix, more] = entry.split('/');
  if (more !== undefined) return false;
  const bits = isIpv4(addr) ? 32 : isIpv6(addr) ? 128 : 0;
  if (bits === 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
}

/** A user-IP list: addresses and CIDR ranges (IPv4 or IPv6) separated by commas (ASCII or full-width), semicolons or
 * spaces; empty means no IP restriction. */
export function parseIpList(s: string): string[] | null {
  const t = s.trim();
  if (t === '') return [];
  const parts = t.split(/\s*[,，;]\s*|\s+/);
  return parts.every(isIpEntry) ? parts : null;
}

export const userIpsSchema = z
  .string()
  .max(2000, { error: 'v.subAccount.ipsInvalid' })
  .trim()
  .refine((s) => parseIpList(s) !== null, { error: 'v.subAccount.ipsInvalid' });

export const extensionSchema = z
  .string({ error: 'v.subAccount.extRequired' })
  .trim()
  .min(1, { error: 'v.subAccount.extRequired', abort: true })
  .max(EXTENSION_MAX_DIGITS, { error: 'v.subAccount.extFormat', abort: true })
  .regex(new RegExp(`^\\d{1,${EXTENSION_MAX_DIGITS}}$`), { error: 'v.subAccount.extFormat' });

/** Source sender id (the gateway's source number, e.g. 1069xxxx): optional, digits only, up to 20. */
export const sourceSenderIdSchema = z
  .string()
  .max(20, { error: 'v.subAccount.srcIdFormat' })
  .trim()
  .regex(/^(\d{1,20})?$/, { error: 'v.subAccount.srcIdFormat' });

const positiveInt = (key: string) =>
  z.coerce
    .number({ error: key })
    .min(1, { error: key })
    .max(INT32_MAX, { error: key })
    .refine((n) => Number.isSafeInteger(n), { error: key });

/** A callback address as the platform takes it: absolute http(s), no credentials. Whether it may lead into a private
 * network is the platform's call (its configuration allows that for tests and closed networks); it answers v.url.internal.
 * Each refinement reports only its own problem, so a field shows one message. */
export const callbackUrlRule = z
  .string()
  .max(500, { error: 'v.url.invalid' })
  .trim()
  .refine((s) => isStorableText(s) && callbackUrlProblem(s, true) !== 'v.url.invalid', { error: 'v.url.invalid' })
  .refine((s) => callbackUrlProblem(s, true) !== 'v.url.credentials', { error: 'v.url.credentials' });
/** The same as the console's forms check it: also a public destination, as the platform requires by default. */
export const publicCallbackUrlRule = callbackUrlRule.refine((s) => callbackUrlProblem(s) !== 'v.url.internal', {
  error: 'v.url.internal',
});

/** 0: the customer pulls reports and uplinks; 1: the platform pushes them to the callback addresses (proactive). */
export const PUSH_MODES = { pull: 0, push: 1 } as const;

/** Delivery reports one callback may carry: 1 posts each report on its own (an object), more posts them in groups (an
 * array) of up to this many. */
export const REPORT_BATCH_MAX = 100;
export const reportBatchSchema = z.coerce
  .number({ error: 'v.subAccount.reportBatch' })
  .int({ error: 'v.subAccount.reportBatch' })
  .min(1, { error: 'v.subAccount.reportBatch' })
  .max(REPORT_BATCH_MAX, { error: 'v.subAccount.reportBatch' });

const subAccountSchemaWith = <P extends z.ZodType>(
  callbackUrl: typeof callbackUrlRule,
  password: (required: string) => P,
) =>
  z
    .object({
      cus_id: subAccountIdSchema,
      cus_name: z
        .string({ error: 'v.subAccount.nameRequired' })
        .trim()
        .min(1, { error: 'v.subAccount.nameRequired' })
        .max(50, { error: 'v.subAccount.nameTooLong' })
        .refine(isStorableText, { error: 'v.badText' }),
      password: password('v.subAccount.passwordRequired'),
      interfacePassword: password('v.subAccount.interfacePasswordRequired'),
      userIps: userIpsSchema.default(''),
      ext_number: extensionSchema,
      pushMode: z.union([z.literal(PUSH_MODES.pull), z.literal(PUSH_MODES.push)], {
        error: 'v.subAccount.pushModeRequired',
      }),
      reportUrl: z.union([z.literal(''), callbackUrl]).default(''),
      moUrl: z.union([z.literal(''), callbackUrl]).default(''),
      maxConnections: positiveInt('v.subAccount.maxConnections'),
      maxSpeed: positiveInt('v.subAccount.maxSpeed'),
      srcId: sourceSenderIdSchema.default(''),
      busCty: z
        .string({ error: 'v.subAccount.busCtyRequired' })
        .trim()
        .min(1, { error: 'v.subAccount.busCtyRequired' })
        .max(50, { error: 'v.subAccount.busCtyRequired' }),
      prodType: z.union(
        Object.values(PRODUCT_TYPES).map((v) => z.literal(v)),
        { error: 'v.subAccount.prodTypeRequired' },
      ),
    })
    .superRefine((v, ctx) => {
      if (v.pushMode !== PUSH_MODES.push) return;
      if (!v.reportUrl)
        ctx.addIssue({ code: 'custom', path: ['reportUrl'], message: 'v.subAccount.reportUrlRequired' });
      if (!v.moUrl) ctx.addIssue({ code: 'custom', path: ['moUrl'], message: 'v.subAccount.moUrlRequired' });
    });
/** /customer/customerAdd's request: the platform judges the callback addresses' destination itself. */
export const subAccountRequestSchema = subAccountSchemaWith(callbackUrlRule, passwordSchema);
/** The console's form: the request's rules, and callback addresses on the public internet. */
export const subAccountFormSchema = subAccountSchemaWith(publicCallbackUrlRule, passwordSchema);
export type SubAccountForm = z.infer<typeof subAccountFormSchema>;
/** /customer/customerModify's request: the creation rules, cus_id naming the account, passwords empty to keep them. */
export const subAccountModifyRequestSchema = subAccountSchemaWith(callbackUrlRule, keptPasswordSchema);
/** The edit form: as the add form, passwords empty to keep them. */
export const subAccountModifyFormSchema = subAccountSchemaWith(publicCallbackUrlRule, keptPasswordSchema);
export type SubAccountModify = z.infer<typeof subAccountModifyRequestSchema>;

const MONEY = /^\d{1,10}(\.\d{1,2})?$/;

/** null when `amount` (yuan, as typed) is a positive amount with up to 2 decimals within `balance`, else the key. */
export function checkRechargeAmount(amount: string | number, balance: number): string | null {
  const text = String(amount).trim();
  if (text === '') return 'v.recharge.amountRequired';
  if (!MONEY.test(text) || Number(text) <= 0) return 'v.recharge.amountFormat';
  // compare in fen so 0.1 + 0.2 style float noise cannot pass or fail a limit
  if (Math.round(Number(text) * 100) > Math.round(balance * 100)) return 'v.recharge.exceedsBalance';
  return null;
}

/** The charge dialog: amount checked against the enterprise balance the dialog knows (Infinity: format only). */
export function rechargeFormSchema(enterpriseBalance: number) {
  return z.object({
    cus_id: z
      .string({ error: 'v.recharge.accountRequired' })
      .trim()
      .min(1, { error: 'v.recharge.accountRequired' })
      .max(SUB_ACCOUNT_ID_MAX + 10),
    amount: z
      .union([z.string().max(20, { error: 'v.recharge.amountFormat' }), z.number().min(0).max(1e10)], {
        error: 'v.recharge.amountFormat',
      })
      .superRefine((a, ctx) => {
        const key = checkRechargeAmount(a, enterpriseBalance);
        if (key) ctx.addIssue({ code: 'custom', message: key });
      })
      .transform(Number),
    remark: z.string().trim().max(200).refine(isStorableText, { error: 'v.badText' }).optional(),
  });
}

/** Answered by /customer/customerAdd when the id is taken (only the platform can know). */
export const SUB_ACCOUNT_ID_EXISTS = 'v.subAccount.idExists';
