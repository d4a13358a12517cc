import { randomInt } from 'node:crypto';
import { SMS_CODE_LENGTH, SMS_CODE_RESEND_S, type Language } from '../../contract/constants';
import { translate } from '../../contract/messages';
import type { AppContext } from '../core/context';
import { ApiError, badRequest } from '../http/api-error';
import type { RequestLimit } from './request-limits';

// 6-digit codes for SMS login and enterprise registration: one per (purpose, subject, uuid), 5 minutes valid,
// single use, at most 5 wrong tries, and a 60 s wait before another code goes to the same subject or phone.
export const SMS_CODE_TTL_S = 300;
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** Owner of registration codes, which go out before the new account exists (created by migration 003). */
export const SYSTEM_CUS_ID = 'SYSTEM';

/** What a code looks like in the records. */
export const MASKED_CODE = '******';

export type CodePurpose = 'login' | 'register';

/** Registration codes go to any number before anyone has logged in, each a real SMS the platform pays for. */
export const REGISTER_CODES_PER_ADDRESS = 5;
export const REGISTER_CODES_ADDRESS_WINDOW_S = 3600;
export const REGISTER_CODES_PER_MOBILE_DAY = 5;

const minutes = (s: number) => ({ minutes: Math.max(1, Math.ceil(s / 60)) });

/** What one registration code may cost, counted in this order: the client address (5 an hour), the mobile (one a
 * minute, 5 a day), then all clients together (`perMinute`). */
export function registerCodeLimits(address: string, phone: string, perMinute: number): RequestLimit[] {
  return [
    {
      key: `reg-code:addr:${address}`,
      max: REGISTER_CODES_PER_ADDRESS,
      windowS: REGISTER_CODES_ADDRESS_WINDOW_S,
      refuse: (s) => new ApiError(429, 'register.codeLimited', minutes(s)),
    },
    {
      key: `reg-code:mobile-min:${phone}`,
      max: 1,
      windowS: SMS_CODE_RESEND_S,
      refuse: (seconds) => new ApiError(429, 'login.codeResendWait', { seconds }),
    },
    {
      key: `reg-code:mobile-day:${phone}`,
      max: REGISTER_CODES_PER_MOBILE_DAY,
      windowS: 86_400,
      refuse: (s) => new ApiError(429, 'register.codeLimited', minutes(s)),
    },
    { key: 'reg-code:all', max: perMinute, windowS: 60, refuse: () => new ApiError(429, 'register.codeBusy') },
  ];
}

/** Login codes go only to the phone on file, but anyone who knows an account and its phone can ask: an address gets
 * 20 an hour and a phone 10 a day, on top of the 60 s wait, so nobody can run up a user's phone or our carrier bill. */
export const LOGIN_CODES_PER_ADDRESS = 20;
export const LOGIN_CODES_PER_MOBILE_DAY = 10;

export function loginCodeLimits(address: string, phone: string): RequestLimit[] {
  return [
    {
      key: `login-code:addr:${address}`,
      max: LOGIN_CODES_PER_ADDRESS,
      windowS: 3600,
      refuse: (s) => new ApiError(429, 'register.codeLimited', minutes(s)),
    },
    {
      key: `login-code:mobile-day:${phone}`,
      max: LOGIN_CODES_PER_MOBILE_DAY,
      windowS: 86_400,
      refuse: (s) => new ApiError(429, 'register.codeLimited', minutes(s)),
    },
  ];
}

/** Sends a platform-originated SMS through the platform's own outbox, so it shows in the records like any other
 * message, not charged; with `secret`, the record shows `content` (masked) and only the carrier is handed `secret`.
 * Given by server.ts (messaging sends it): authentication does not depend on how messages go out. */
export type SendSystemSms = (msg: {
  cus_id: string;
  mobile: string;
  content: string;
  secret?: string;
}) => Promise<string>;

export interface CodeRequest {
  purpose: CodePurpose;
  subject: string;
  phone: string;
  uuid: string;
  /** the account the message is recorded under. */
  cusId: string;
  lang: Language;
}

export async function sendCode(
  ctx: AppContext,
  sendSystemSms: SendSystemSms,
  req: CodeRequest,
): Promise<{ resendAfterS: number }> {
  const now = ctx.now();
  const code = String(randomInt(10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  const id = await ctx.db.tx(async (q) => {
    // Serialises concurrent requests for one phone across instances, so the resend wait holds.
    await q.query('select pg_advisory_xact_lock(hashtext($1))', [`sms-code:${req.phone}`]);
    const [last] = await q.query<{ sent_at: Date }>(
      'select sent_at from sms_codes where purpose = $1 and (subject = $2 or phone = $3) and sent_at > $4 order by sent_at desc limit 1',
      [req.purpose, req.subject, req.phone, new Date(now.getTime() - SMS_CODE_RESEND_S * 1000)],
    );
    if (last) {
      const seconds = Math.max(
        1,
        Math.ceil((last.sent_at.getTime() + SMS_CODE_RESEND_S * 1000 - now.getTime()) / 1000),
      );
      throw new ApiError(429, 'login.codeResendWait', { seconds });
    }
    const [row] = await q.query<{ id: number }>(
      'insert into sms_codes(purpose, uuid, subject, phone, code, sent_at, expires_at) values ($1, $2, $3, $4, $5, $6, $7) returning id',
      [req.purpose, req.uuid, req.subject, req.phone, code, now, new Date(now.getTime() + SMS_CODE_TTL_S * 1000)],
    );
    return row.id;
  });
  const text = (c: string) =>
    translate(req.lang, req.purpose === 'login' ? 'sms.loginCode' : 'sms.registerCode', {
      code: c,
      minutes: SMS_CODE_TTL_S / 60,
    });
  try {
    // Whoever reads this account's records (its enterprise admin, its agent) must not read the code.
    await sendSystemSms({ cus_id: req.cusId, mobile: req.phone, content: text(MASKED_CODE), secret: text(code) });
  } catch (err) {
    ctx.log.error({ err }, 'system sms failed');
    // The code never reached the phone: forget it so the user may ask again at once.
    await ctx.db.query('delete from sms_codes where id = $1', [id]);
    throw new ApiError(503, 'login.codeSendFailure');
  }
  return { resendAfterS: SMS_CODE_RESEND_S };
}

/** Consumes the code on a match; a miss counts an attempt. The attempt is committed before the error is thrown. */
export async function checkCode(
  ctx: AppContext,
  req: { purpose: CodePurpose; subject: string; uuid: string; code: string; phone?: string },
): Promise<void> {
  const now = ctx.now();
  const outcome = await ctx.db.tx(async (q) => {
    const [row] = await q.query<{ id: number; code: string; phone: string; expires_at: Date; attempts: number }>(
      `select id, code, phone, expires_at, attempts from sms_codes
        where purpose = $1 and subject = $2 and uuid = $3 and used_at is null order by id desc limit 1 for update`,
      [req.purpose, req.subject, req.uuid],
    );
    if (!row || row.expires_at.getTime() <= now.getTime()) return 'bad';
    if (row.attempts >= SMS_CODE_MAX_ATTEMPTS) return 'exhausted';
    if (row.code !== req.code || (req.phone !== undefined && row.phone !== req.phone)) {
      await q.query('update sms_codes set attempts = attempts + 1 where id = $1', [row.id]);
      return 'bad';
    }
    await q.query('update sms_codes set used_at = $2 where id = $1', [row.id, now]);
    return 'ok';
  });
  if (outcome === 'exhausted') throw new ApiError(429, 'login.tooManyAttempts');
  if (outcome === 'bad') throw badRequest('login.badSmsCode', {}, 'code');
}
